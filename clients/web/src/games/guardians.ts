// GUARDIANS: the board of twelve spaces (guardians THE GAME: three stronghold spaces a
// side, six disputed lands between them) with each land's terrain and who holds it; the
// Shields with the creatures stacked under them, creatures on and under stronghold
// spaces, upgrades and Teleport Towers; each seat's Guardian, Power Stones, wounds, lost
// Shields, deck, discard, Up card, Creature Pen, Storage Hand and the cards it is drawing
// or looking at; a combat under way, match-up by match-up. The viewer's own side is drawn
// nearest them (seat 2 sees the board turned round).

import { area, back, badge, card, el, label, meter, pile, type Child } from "../draw.js";
import { register } from "./index.js";
import { seatName, type Context, type View } from "./types.js";

/** A card as the view's `cards` catalog describes it (CardFace in view.py). */
interface Face {
  id: string; name: string; kind: string; creature_type: string; classes: string[]; vitality: number; stacking: number;
  ocb: number; bribes: string[]; receives_channeling: boolean; cmp: number; ranged: number; flying: boolean; size: string;
  command: boolean; abilities: string[]; text: string;
}

type Faces = Map<string, Face>;

// guardians Place Creatures: a Shield holds 30 stacking points, a Shield/Terrain card 25.
const SHIELD_LIMIT = 30;
const SHIELD_TERRAIN_LIMIT = 25;
// guardians THE GAME: five enemy Shields destroyed win the game.
const SHIELDS_TO_LOSE = 5;
const TERRAIN_TYPES = ["woods", "mountains", "swamp", "dry-heaps", "rivers-and-lakes", "spires", "jungle"];
const SIDES = ["left", "center", "right"];

const STAGES: Record<string, string> = {
  declare: "saying whether each plays a Command Card",
  command: "choosing Command Cards face down",
  "command-window": "Dispel Magic window",
  choose: "laying primary attackers face down",
  bribe: "bribery",
  spells: "spells",
  modify: "ranged attacks, channeling, spells",
  secondary: "secondary attacks",
  "secondary-bribe": "secondary attack: bribery",
  "secondary-modify": "secondary attack: channeling, spells",
  heal: "healing",
  redeem: "text-box returns",
  retreat: "retreat",
  trim: "discarding down to the Shield's limit",
};

function isCreature(face: Face): boolean {
  return face.kind === "creature";
}

function statsOf(face: Face): Array<[string, string | number]> {
  if (isCreature(face) || face.kind === "guardian") {
    const stats: Array<[string, string | number]> = [["V", face.vitality]];
    if (face.stacking !== face.vitality) stats.push(["stack", face.stacking]); // the red stacking number
    if (face.ocb) stats.push(["OCB", face.ocb]);
    if (face.ranged) stats.push(["ranged", face.ranged]);
    if (face.cmp) stats.push(["CMP", face.cmp]);
    if (face.size) stats.push(["size", face.size]);
    return stats;
  }
  if (face.kind === "stronghold") return [];
  // guardians Turn your Up card: a card that is not a creature turns up by its Vitality column.
  const stats: Array<[string, string | number]> = [["Up", face.vitality]];
  if (face.kind === "shield-terrain") stats.push(["holds", SHIELD_TERRAIN_LIMIT]);
  else if (face.kind === "shield" || face.kind === "standard-bearer") stats.push(["holds", SHIELD_LIMIT]);
  return stats;
}

function notesOf(face: Face): string[] {
  return [
    isCreature(face) ? [face.creature_type, ...face.classes].filter(Boolean).join(" · ") : "",
    face.flying ? "flies" : "",
    face.bribes.length ? `bribed by ${face.bribes.join(", ")}` : "",
    face.command ? "may be a Command Card" : "",
    face.receives_channeling ? "receives channeling" : "",
    ...face.abilities,
    face.text === "unimplemented" ? "(text not implemented)" : "",
  ].filter(Boolean);
}

/** A face-up card from the catalog; `strip` draws it as one compact line-high card, for stacks. */
function face(faces: Faces, id: string, strip = false): HTMLElement {
  const found = faces.get(id);
  const node = found
    ? card({ id, name: found.name, kind: found.kind, stats: statsOf(found), notes: notesOf(found), small: strip })
    : card({ id, name: id, small: strip }); // the view describes every card it names: this is a fallback only
  if (strip) node.classList.add("strip");
  return node;
}

/** A count of cards the viewer may not see, as that many card backs. */
function backs(count: number): HTMLElement {
  return el("div", { class: "fan", title: `${count} face down` },
    ...Array.from({ length: count }, () => back("", true)), el("span", { class: "count" }, `${count}`));
}

/** A zone named to its seat only: its faces where the view names them, else its count as backs. */
function zone(faces: Faces, ids: string[], count: number): HTMLElement {
  return ids.length ? el("div", { class: "stack" }, ...ids.map((id) => face(faces, id, true))) : backs(count);
}

function group(title: string, body: Child): HTMLElement {
  return el("div", { class: "group" }, label(title), body);
}

function terrainType(faces: Faces, ids: string[]): string {
  // The catalog gives a terrain card's name, not its types: the basic terrains are named
  // after their type; anything else is drawn as plain terrain.
  const last = ids.length ? faces.get(ids[ids.length - 1]) : undefined;
  if (!last) return "";
  const slug = last.name.toLowerCase().replace(/[^a-z]+/g, "-");
  return TERRAIN_TYPES.find((type) => slug.includes(type)) ?? "other";
}

/** The stronghold spaces of a seat, left to right as that seat sees them (board.py strongholds). */
function strongholdSpaces(seat: number): string[] {
  return seat === 1 ? ["a1", "b1", "c1"] : ["c4", "b4", "a4"];
}

function stackingOf(faces: Faces, ids: string[]): number {
  return ids.reduce((total, id) => total + (faces.get(id)?.stacking ?? 0), 0);
}

function shieldBox(shield: View, view: View, faces: Faces): HTMLElement {
  const moving = view.moving === shield.card && !view.finished;  // the rules leave it set when a move wins the game
  const limit = faces.get(shield.card)?.kind === "shield-terrain" ? SHIELD_TERRAIN_LIMIT : SHIELD_LIMIT;
  const known = shield.carried_cards.length === shield.carried;
  return el("div", { class: `shield s${shield.seat}${moving ? " moving" : ""}${shield.turned ? " turned" : ""}`, data: { shield: shield.seat } },
    el("div", { class: "shield-head" }, `seat ${shield.seat}'s Shield `,
      badge(shield.turned ? "turned" : "unturned"),
      moving ? badge(`moving · ${view.steps_left} step${view.steps_left === 1 ? "" : "s"} left`, "good") : null),
    face(faces, shield.card, true),
    shield.carried ? label(known ? `carries ${shield.carried} · stacking ${stackingOf(faces, shield.carried_cards)}/${limit}`
      : `carries ${shield.carried} face down`) : label("carries nothing"),
    shield.carried ? zone(faces, shield.carried_cards, shield.carried) : null);
}

function spaceCell(space: View, view: View, faces: Faces): HTMLElement {
  const fight = view.combat[0];
  const owner: number = space.owner;
  const seat = owner ? view.seats[owner - 1] : null;
  const side = owner ? strongholdSpaces(owner).indexOf(space.space) : -1;
  const strongholdCard: string = seat ? seat.stronghold[side] ?? "" : "";
  const terrain = space.terrain.length ? terrainType(faces, space.terrain) : space.facedown_terrain ? "facedown" : "";
  // guardians THE GAME: a land is held by its terrain card's owner, else by its default side.
  const defaultSide = space.space[1] === "2" ? 1 : 2;
  const classes = ["space", owner ? `stronghold s${owner}` : `land held-${space.controller}`, terrain ? `t-${terrain}` : "",
    fight?.space === space.space ? "combat" : "", view.settling.includes(space.space) ? "settling" : ""];
  const head = owner
    ? el("div", { class: "space-head" }, el("strong", {}, space.space), ` seat ${owner}'s stronghold · ${SIDES[side]}`)
    : el("div", { class: "space-head" }, el("strong", {}, space.space), " land · ",
      el("span", { class: `held s${space.controller}` }, `held by seat ${space.controller}`),
      space.controller === defaultSide && !space.terrain.length && !space.facedown_terrain ? " (by default)" : "");
  return el("div", { class: classes.filter(Boolean).join(" "), data: { space: space.space } },
    head,
    fight?.space === space.space ? badge(`combat · ${STAGES[fight.stage] ?? fight.stage}`, "bad") : null,
    view.settling.includes(space.space) ? badge("to settle", "bad") : null,
    view.seats.some((s: View) => s.barrier === space.space) ? badge("Force Barrier") : null,
    strongholdCard ? el("div", { class: "stronghold-card" }, face(faces, strongholdCard, true),
      seat.rubble.includes(strongholdCard) ? badge("rubble: no bonus", "bad") : null) : null,
    space.terrain.length ? el("div", { class: "stack" }, ...space.terrain.map((id: string) => face(faces, id, true))) : null,
    space.facedown_terrain ? group("face-down terrain (no type)", backs(space.facedown_terrain)) : null,
    ...space.shields.map((shield: View) => shieldBox(shield, view, faces)),
    space.loose ? group(`on the space (${space.loose})`, zone(faces, space.loose_cards, space.loose)) : null,
    space.under ? group(`channelers under it (${space.under})`, zone(faces, space.under_cards, space.under)) : null,
    space.upgrade.length ? group("upgrade", el("div", { class: "stack" }, ...space.upgrade.map((id: string) => face(faces, id, true)))) : null,
    space.downgrade.length ? group("downgrade", el("div", { class: "stack" }, ...space.downgrade.map((id: string) => face(faces, id, true)))) : null,
    space.tower ? group(`in the Teleport Tower (${space.tower})`, zone(faces, space.tower_cards, space.tower)) : null);
}

function board(view: View, faces: Faces, nearSeat: number): HTMLElement {
  // Seat 1's stronghold is row 1; whoever looks sees their own stronghold at the bottom.
  const rows = nearSeat === 2 ? [1, 2, 3, 4] : [4, 3, 2, 1];
  const columns = nearSeat === 2 ? ["c", "b", "a"] : ["a", "b", "c"];
  const bySpace = new Map<string, View>(view.spaces.map((s: View) => [s.space, s]));
  return el("div", { class: "board-grid" },
    ...rows.flatMap((r) => columns.map((c) => {
      const space = bySpace.get(`${c}${r}`);
      return space ? spaceCell(space, view, faces) : el("div", { class: "space" }, `${c}${r}`);
    })));
}

function pips(count: number, of: number, kind: string, title: string): HTMLElement {
  return el("span", { class: `pips ${kind}`, title: `${title}: ${count}${of ? ` of ${of}` : ""}` },
    ...Array.from({ length: Math.max(count, of) }, (_, i) => el("span", { class: i < count ? "on" : "off" })));
}

/** Pen and Storage Hand hold no order that matters: grouped by kind and name, alike cards sit together. */
function sorted(faces: Faces, ids: string[]): string[] {
  const key = (id: string): string => `${faces.get(id)?.kind ?? ""} ${faces.get(id)?.name ?? id}`;
  return [...ids].sort((a, b) => key(a).localeCompare(key(b)));
}

function seatArea(seat: View, view: View, faces: Faces, context: Context): HTMLElement {
  const guardian = faces.get(seat.guardian);
  const discardTop: string | undefined = seat.discard[seat.discard.length - 1];
  const upCard: string | undefined = seat.up[seat.up.length - 1];
  const title = el("span", {}, seatName(context, seat.seat), seat.deck_name ? ` · deck "${seat.deck_name}" ` : " ",  // no name before its SeatSetUp
    view.active === seat.seat && view.phase === "movement" ? badge("moves now", "good") : null,
    view.first === seat.seat && view.phase !== "organize" ? badge("moves first (higher Up card)") : null,
    seat.low_up ? badge("lower Up card: draws its LUC") : null,
    view.phase === "organize" ? badge(seat.committed ? "placement done" : "placing") : null,
    seat.slowed ? badge("slowed: Shields move one space", "bad") : null,
    seat.barrier ? badge(`Force Barrier on ${seat.barrier}`) : null,
    seat.cursed.length ? badge(`may not play: ${seat.cursed.join(", ")}`, "bad") : null,
    guardian && seat.wounds >= guardian.vitality ? badge("Guardian killed", "bad") : null);
  const guardianCard = face(faces, seat.guardian, true);
  // guardians Guardian assault: the Guardian dies when its wounds reach its Vitality.
  guardianCard.append(el("div", { class: "note" }, `wounds ${seat.wounds}`));
  if (guardian) guardianCard.append(meter(guardian.vitality - seat.wounds, guardian.vitality, "Guardian's Vitality left"));
  return area(title, { acting: context.toAct.includes(seat.seat), winner: context.winners.includes(seat.seat), seat: seat.seat },
    el("div", { class: `seat-row s${seat.seat}` },
      group("Guardian", guardianCard),
      el("div", { class: "counters" },
        el("div", {}, "Power Stones ", pips(seat.stones, 0, "stones", "Power Stones"), ` ${seat.stones}`),
        el("div", {}, "Shields lost ", pips(seat.shields_lost, SHIELDS_TO_LOSE, "lost", "Shields destroyed"),
          ` ${seat.shields_lost} / ${SHIELDS_TO_LOSE}`)),
      pile("deck", seat.deck_count),
      pile("discard", seat.discard.length, discardTop ? face(faces, discardTop, true) : null),
      el("div", { class: "pile" }, upCard ? face(faces, upCard, true) : el("div", { class: "card small" }, "none"), el("span", {}, "Up card")),
      group(`Creature Pen (${seat.pen})`, zone(faces, sorted(faces, seat.pen_cards), seat.pen)),
      group(`Storage Hand (${seat.storage})`, zone(faces, sorted(faces, seat.storage_cards), seat.storage)),
      seat.drawn ? group(`drawn, to place (${seat.drawn})`, zone(faces, seat.drawn_cards, seat.drawn)) : null,
      seat.looking ? group(`looking at deck cards (${seat.looking})`, zone(faces, seat.looking_cards, seat.looking)) : null),
    seat.discard.length ? el("details", { class: "discard" }, el("summary", {}, `discard pile (${seat.discard.length}, face up)`),
      el("div", { class: "stack" }, ...seat.discard.map((id: string) => face(faces, id, true)))) : null);
}

function marked(node: HTMLElement, marks: Array<[boolean, string]>): HTMLElement {
  for (const [on, mark] of marks) {
    if (!on) continue;
    node.classList.add(`is-${mark.split(" ")[0]}`);
    node.append(badge(mark, "bad"));
  }
  return node;
}

/** The card each side has in play now: attacker's and defender's. In a match-up each side
 * lays one; in a secondary attack (guardians SECONDARY ATTACKS) `attacker_card` is the
 * striking creature, of either side, and `defender_card` its target. */
function inPlay(fight: View): [[string, string], [string, string]] {
  if (!fight.secondary) return [[fight.attacker_card, "in the match-up"], [fight.defender_card, "in the match-up"]];
  if (!fight.attacker_card) return [["", "secondary attack"], ["", "secondary attack"]];
  const striker: [string, string] = [fight.attacker_card, "secondary attacker"];
  const target: [string, string] = [fight.defender_card, "target of the secondary attack"];
  return fight.attacker.played.includes(fight.attacker_card) ? [striker, target] : [target, striker];
}

function combatSide(side: View, role: string, [current, part]: [string, string], fight: View, faces: Faces, context: Context): HTMLElement {
  const damage = new Map<string, number>(fight.damage.map((d: View) => [d.card, d.amount]));
  const resized = new Map<string, string>(fight.sizes.map((s: View) => [s.card, s.size]));
  const played = (id: string): HTMLElement => {
    const node = marked(face(faces, id, true), [
      [side.beaten.includes(id), "beaten"], [side.destroyed.includes(id), "destroyed"], [side.out.includes(id), "out of play"],
      [side.ranged.includes(id), "fired ranged"]]);
    if (damage.get(id)) node.append(badge(`${damage.get(id)} damage`, "bad"));
    if (resized.get(id)) node.append(badge(`size ${resized.get(id)} this combat`));
    return node;
  };
  // guardians COMBAT: -1 not yet said, 0 no Command Card, 1 one is played.
  const declared = side.declared < 0 ? "Command Card: not yet said" : side.declared ? "plays a Command Card" : "no Command Card";
  const onTable = side.played.filter((id: string) => id !== current);
  return el("div", { class: `combat-side s${side.seat}${fight.actor === side.seat ? " actor" : ""}` },
    el("h4", {}, `${seatName(context, side.seat)} ${role} `, fight.actor === side.seat ? badge("to act", "good") : null,
      fight.winner === side.seat ? badge("wins", "good") : null),
    el("div", { class: "parts" },
      group("Shield", side.shield ? face(faces, side.shield, true) : label("none: the stronghold's creatures defend")),
      group(declared, side.command ? marked(face(faces, side.command, true), [[!side.command_live, "dispelled"]])
        : side.declared > 0 ? back("face down", true) : null),
      group(part,
        current ? played(current) : side.chosen ? back("laid face down", true) : label("none yet")),
      onTable.length ? group(`also on the table (${onTable.length})`, el("div", { class: "stack" }, ...onTable.map(played))) : null,
      group(`Combat Hand (${side.hand})`, side.hand ? zone(faces, side.hand_cards, side.hand) : null)));
}

function combatArea(fight: View, faces: Faces, context: Context): HTMLElement {
  const terrain = fight.terrain.length ? ` · fought on ${fight.terrain.join(", ")}` : "";
  const [attacking, defending] = inPlay(fight);
  return area(`Combat at ${fight.space} · ${STAGES[fight.stage] ?? fight.stage}${terrain}`, { acting: true },
    el("div", { class: "combat" },
      combatSide(fight.attacker, "attacks", attacking, fight, faces, context),
      el("div", { class: "versus" }, "versus"),
      combatSide(fight.defender, "defends", defending, fight, faces, context)));
}

function phaseLine(view: View, faces: Faces, context: Context): HTMLElement {
  const phase = view.phase === "organize" ? "Draw & Organize" : view.phase === "settlement" ? "Terrain Settlement" : view.phase;
  return el("div", { class: "phase-line" },
    el("strong", {}, `Turn ${view.turn} · ${phase}`),
    // The view keeps `window` from the last Movement phase: it is meant for Movement only.
    view.window === "opening" && view.phase === "movement" ? badge("opening window") : null,
    view.moving && !view.finished ? badge(`moving: ${faces.get(view.moving)?.name ?? view.moving}`) : null,
    view.settling.length ? badge(`to settle: ${view.settling.join(", ")}`, "bad") : null,
    view.finished ? badge(view.winner ? `${seatName(context, view.winner)} wins: ${view.result}` : `over: ${view.result}`, "good") : null);
}

function drawGuardians(view: View, context: Context): HTMLElement {
  const faces: Faces = new Map(view.cards.map((c: Face) => [c.id, c]));
  const near = context.viewer === 2 ? 2 : 1;
  const far = 3 - near;
  const fight = view.combat[0];
  return el("div", { class: "guardians" },
    phaseLine(view, faces, context),
    seatArea(view.seats[far - 1], view, faces, context),
    el("div", { class: fight ? "middle with-combat" : "middle" }, board(view, faces, near), fight ? combatArea(fight, faces, context) : null),
    seatArea(view.seats[near - 1], view, faces, context));
}

register("guardians", drawGuardians);
