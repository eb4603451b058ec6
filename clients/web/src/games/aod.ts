// ARMY OF DARKNESS: each character with his side (good or evil) and goal, his Monster
// pile (the top Monster face up on a stack of that many), his Items and Allies (active
// ones full size, the ones under them small), the Necronomicon, his hand (face up for
// his own seat only); the draw pile, the discard pile, the turn order and a discard owed.

import { area, badge, byId, card, el, handOf, label, meter, openPile, pile, row } from "../draw.js";
import { register } from "./index.js";
import { seatName, type Context, type View } from "./types.js";

/** The view's catalog entry for a card (domain/games/aod/view.py CardFace). */
interface Face {
  id: string; name: string; kind: string; number: number; victory: number; immune: string[]; slot: string;
  category: string; tags: string[]; bonus: number; keep: number; ability: string; effect: string;
}

interface Player {
  seat: number; name: string; character: string; alignment: string; goal: string; hand_count: number;
  pile_count: number; top_monster: string; weapons: string[]; others: string[]; allies: string[];
  active_allies: string[]; has_necronomicon: boolean; can_win_now: boolean;
}

/** aod Objective: an evil character needs this many Monsters in his own pile (and the book). */
const ARMY_SIZE = 5;

const PHASES: Record<string, string> = {
  setup: "setting up", play: "play a card", attack: "attack", aftermath: "after the attack", over: "game over",
};

// What an Ally's ability and an Event's effect do, in a few words (RULES.md: Allies, Event cards).
const ABILITIES: Record<string, string> = {
  crossbow: "+2 more with a crossbow",
  "second-ally": "the Ally under him is active",
};
const EFFECTS: Record<string, string> = {
  "into-the-pit": "your top Monster onto another's pile",
  ignored: "another's active Ally is discarded",
  payback: "another discards a card of his choice",
  "yer-screwed": "another's active weapon is discarded",
  "sucker-punch": "another discards a card at random",
  "suck-it-up": "draw two cards",
  "ill-take-that": "take another's Item in play, or the Necronomicon",
  "im-bad": "turn evil",
  "goody-goody": "turn good",
  "double-crossed": "another's active Ally joins you",
  "its-back": "the last discarded Monster onto a pile",
  "s-mart": "the last discarded Item comes into play with you",
};

/** A card's face with the numbers its kind uses (cards-standard.json). */
function face(faces: Map<string, Face>, id: string, options: { small?: boolean; inactive?: boolean } = {}): HTMLElement {
  const c = faces.get(id);
  if (!c) return card({ id, name: id, small: options.small });
  const stats: Array<[string, string | number]> = [];
  const notes: string[] = [];
  let kind = c.kind;
  if (c.kind === "monster") {
    stats.push(["to beat", c.number], ["victory", c.victory]);
    if (c.immune.length) notes.push(`immune: ${c.immune.join(", ")}`);
  } else if (c.kind === "item" || c.kind === "ally") {
    if (c.kind === "item") {
      kind = c.slot === "weapon" ? "weapon" : "item";
      notes.push([c.category, ...c.tags].filter(Boolean).join(" · "));
    }
    if (c.ability) notes.push(ABILITIES[c.ability] ?? c.ability);
    stats.push(["bonus", `+${c.bonus}`]);
    // aod Items, aod Allies: after an attack it is used in, a d6 of at least `keep` keeps the card.
    if (c.keep) stats.push(["keep on", `${c.keep}+`]);
  } else if (c.kind === "event") {
    notes.push(EFFECTS[c.effect] ?? c.effect);
  } else if (c.kind === "necronomicon") {
    notes.push("needed by both sides to win");
  }
  if (options.inactive) notes.push("inactive");
  const drawn = card({ id, name: c.name, kind, stats, notes, small: options.small });
  if (options.inactive) drawn.classList.add("inactive");
  return drawn;
}

/** aod Items / aod Allies: the first card of a stack is active, the ones under it are not. */
function stack(title: string, ids: string[], active: (id: string, index: number) => boolean, faces: Map<string, Face>): HTMLElement | null {
  if (!ids.length) return null;
  return el("div", { class: "slot" }, label(title),
    row(...ids.map((id, index) => active(id, index) ? face(faces, id) : face(faces, id, { small: true, inactive: true }))));
}

/** aod Set-up: a Monster pile shows its top card only; the rest are drawn as the stack's depth. */
function monsterPile(player: Player, faces: Map<string, Face>): HTMLElement {
  const depth = Math.min(Math.max(player.pile_count - 1, 0), 4);
  const top = player.top_monster ? face(faces, player.top_monster) : el("div", { class: "card empty" }, "no Monster");
  top.classList.add(`depth-${depth}`);
  return el("div", { class: "slot monster-pile" }, label(`Monster pile (${player.pile_count})`), top);
}

/** aod Objective: how far each side is from its goal (the book is the other half). */
function progress(player: Player): HTMLElement {
  if (player.alignment === "evil") {
    return el("div", { class: "progress" }, `army ${player.pile_count} (${ARMY_SIZE} needed) `, meter(player.pile_count, ARMY_SIZE, "Monsters in his pile"));
  }
  return el("div", { class: "progress" }, player.pile_count ? `${player.pile_count} Monster${player.pile_count > 1 ? "s" : ""} left to clear` : "Monster pile cleared");
}

function playerArea(player: Player, view: View, faces: Map<string, Face>, context: Context): HTMLElement {
  const owes = view.owed_seat === player.seat && view.owed_count > 0;
  const title = el("span", {}, el("span", { class: "character" }, player.character), " ",
    el("span", { class: "seat" }, seatName(context, player.seat)), " ",
    badge(player.alignment, player.alignment === "evil" ? "evil" : "good"),
    view.active_seat === player.seat && !view.finished ? badge("turn") : null,
    context.viewer === player.seat ? badge("you", "you") : null,
    player.has_necronomicon ? badge("Necronomicon", "book") : null,
    // aod Objective: a book got in another's turn counts only from the end of his own next turn.
    player.has_necronomicon && !view.finished ? badge(player.can_win_now ? "the book counts at this turn's end" : "the book counts from his next turn's end") : null,
    owes ? badge(`must discard ${view.owed_count}`, "bad") : null,
    context.winners.includes(player.seat) ? badge("winner", "good") : null);
  const ownHand = context.viewer === player.seat ? (view.hand as string[]).map((id) => face(faces, id, { small: true })) : [];
  const allies = new Set(player.active_allies);
  return area(title, { acting: context.toAct.includes(player.seat), winner: context.winners.includes(player.seat), seat: player.seat },
    el("div", { class: `goal ${player.alignment}` }, `goal: ${player.goal}`, " · ", progress(player)),
    row(monsterPile(player, faces),
      stack("weapon", player.weapons, (_, index) => index === 0, faces),
      stack("other items", player.others, (_, index) => index === 0, faces),
      stack("allies", player.allies, (id) => allies.has(id), faces),
      player.has_necronomicon ? el("div", { class: "slot" }, label("in play"), face(faces, "necronomicon")) : null),
    handOf(ownHand, player.hand_count));
}

function who(seat: number, view: View, context: Context): string {
  const player = (view.players as Player[]).find((p) => p.seat === seat);
  return player ? `${player.character}, ${seatName(context, seat)}` : seatName(context, seat);
}

function tableArea(view: View, faces: Map<string, Face>, context: Context): HTMLElement {
  const active = (view.players as Player[]).find((p) => p.seat === view.active_seat);
  const heading = view.finished ? `Turn ${view.turn} · game over` : `Turn ${view.turn} · ${active ? active.character : "—"}: ${PHASES[view.phase] ?? view.phase}`;
  const ending = view.finished
    ? el("div", { class: "ending" }, view.winner ? `${who(view.winner, view, context)} wins: ${view.result}.` : `No winner: ${view.result || "drawn"}.`)
    : null;
  // aod Attack, aod Health: a beaten character (or an Event's target) owes discards before play goes on.
  const owed = view.owed_seat && view.owed_count > 0
    ? el("div", { class: "owed" }, `${who(view.owed_seat, view, context)} must discard ${view.owed_count} card${view.owed_count > 1 ? "s" : ""}`,
      view.owed_reason ? `: ${view.owed_reason}` : "")
    : null;
  const order = el("div", { class: "turn-order" }, label("turn order"),
    row(...(view.turn_order as number[]).map((seat) => badge(who(seat, view, context), seat === view.active_seat && !view.finished ? "current" : ""))));
  const holder = view.necronomicon_holder ? who(view.necronomicon_holder, view, context) : "";
  return area(heading, {}, ending, owed,
    el("div", { class: "table-row" },
      pile("draw pile", view.deck_count),
      openPile("discard pile", view.discard, (id) => face(faces, id, { small: true })),
      el("div", {}, order,
        label("the Necronomicon"), el("div", { class: "book-line" }, holder ? `in play with ${holder}` : "not in play (in the deck, a hand or the discard pile)"))));
}

function drawAod(view: View, context: Context): HTMLElement {
  const faces = byId<Face>(view.cards);
  return el("div", { class: "aod" }, tableArea(view, faces, context),
    el("div", { class: "grid players" }, ...(view.players as Player[]).map((player) => playerArea(player, view, faces, context))));
}

register("aod", drawAod);
