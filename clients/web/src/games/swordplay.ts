// SWORDPLAY: the arena: each hero with life, worn armour (points left), ready weapons and
// shields, the directions those shields cover, the damage the hero hits for and the hand
// (face up for its own seat only); the Arena Beast; the attack waiting for its answer;
// the combat deck and the face-up discard pile.

import { area, badge, byId, card, el, handOf, label, meter, openPile, pile, row, svg } from "../draw.js";
import { register } from "./index.js";
import { seatName, type Context, type View } from "./types.js";

/** The view's catalog entry for a card (domain/games/swordplay/view.py CardFace). */
interface Face {
  id: string; name: string; kind: string; direction: string; bonus: number; counters: string[];
  points: number; damage: number; hands: number; blocks: string[];
}

interface Hero {
  seat: number; name: string; life: number; max_life: number; base_damage: number; hands: number;
  alive: boolean; hand_count: number; armor: string; armor_points: number; items: string[];
}

const DIRECTIONS = ["high", "left", "right", "low"] as const;
const ARROWS: Record<string, string> = { high: "↑", low: "↓", left: "←", right: "→" };
const PHASES: Record<string, string> = {
  setup: "setting up", discard: "discard phase", ready: "ready phase", combat: "combat phase",
  defend: "an attack waits for its answer", over: "game over",
};

function aimed(directions: readonly string[]): string {
  return directions.length === DIRECTIONS.length ? "any" : directions.map((d) => `${ARROWS[d] ?? ""}${d}`).join(" ");
}

/** A card's face with the numbers its kind uses (cards-arena.json). */
function face(faces: Map<string, Face>, id: string, options: { small?: boolean; pointsLeft?: number } = {}): HTMLElement {
  const c = faces.get(id);
  if (!c) return card({ id, name: id, small: options.small });
  const stats: Array<[string, string | number]> = [];
  const notes: string[] = [];
  if (c.kind === "attack") stats.push(["aim", aimed([c.direction])], ["bonus", `+${c.bonus}`]);
  if (c.kind === "defence") stats.push(["counters", aimed(c.counters)]);
  if (c.kind === "armor") {
    stats.push(["points", c.points]);
    // swordplay Damage (armour points): worn armour shows what its points have left.
    if (options.pointsLeft !== undefined) notes.push(`${options.pointsLeft} of ${c.points} left`);
  }
  if (c.kind === "weapon") stats.push(["damage", `+${c.damage}`], ["hands", c.hands]);
  if (c.kind === "shield") stats.push(["blocks", aimed(c.blocks)], ["hands", c.hands]);
  return card({ id, name: c.name, kind: c.kind, stats, notes, small: options.small });
}

/** Four arrows around a figure, the given directions lit: the attack's aim, or what shields block. */
function compass(lit: readonly string[], tone: "attack" | "block", title: string): SVGElement {
  const points: Record<string, string> = { high: "20,2 27,12 13,12", low: "20,38 27,28 13,28",
    left: "2,20 12,13 12,27", right: "38,20 28,13 28,27" };
  return svg("svg", { class: `compass ${tone}`, viewBox: "0 0 40 40", width: 40, height: 40, role: "img", "aria-label": title },
    svg("title", {}, title),
    svg("circle", { cx: 20, cy: 20, r: 5, class: "body" }),
    ...DIRECTIONS.map((d) => svg("polygon", { points: points[d], class: lit.includes(d) ? "lit" : "unlit" })));
}

/** swordplay Damage: base damage plus every ready weapon's damage (the attack card adds its bonus). */
function hitsFor(hero: Hero, faces: Map<string, Face>): number {
  const weapons = hero.items.map((id) => faces.get(id)).filter((c): c is Face => c?.kind === "weapon");
  return weapons.reduce((sum, weapon) => sum + weapon.damage, hero.base_damage);
}

function heroArea(hero: Hero, view: View, faces: Map<string, Face>, context: Context): HTMLElement {
  const pending = view.pending;
  const attacked = pending.active && pending.target_seat === hero.seat;
  const title = el("span", {}, el("span", { class: "hero-name" }, hero.name), " ", el("span", { class: "seat" }, seatName(context, hero.seat)), " ",
    view.active_seat === hero.seat && !view.finished ? badge("turn") : null,
    context.viewer === hero.seat ? badge("you", "you") : null,
    attacked ? badge("under attack", "bad") : null,
    !hero.alive ? badge("defeated", "bad") : null,
    context.winners.includes(hero.seat) ? badge("winner", "good") : null);
  const shields = hero.items.map((id) => faces.get(id)).filter((c): c is Face => c?.kind === "shield");
  const covered = [...new Set(shields.flatMap((c) => c.blocks))];
  const handsUsed = hero.items.reduce((sum, id) => sum + (faces.get(id)?.hands ?? 0), 0);
  const ownHand = context.viewer === hero.seat ? (view.hand as string[]).map((id) => face(faces, id, { small: true })) : [];
  const options = { acting: context.toAct.includes(hero.seat), winner: context.winners.includes(hero.seat), seat: hero.seat };
  // swordplay Damage (defeated heroes): a defeated hero's cards are all on the discard pile.
  if (!hero.alive) return area(title, options, el("div", { class: "hero fallen" }, `♥ ${Math.max(hero.life, 0)} / ${hero.max_life} · out of the fight`));
  return area(title, options,
    el("div", { class: "hero" },
      el("div", { class: "vitals" },
        el("span", { class: "life", title: "life" }, `♥ ${Math.max(hero.life, 0)} / ${hero.max_life}`), meter(Math.max(hero.life, 0), hero.max_life, "life"),
        hero.armor ? el("span", { class: "armour-points", title: "armour points left" }, `armour ${hero.armor_points}`) : null,
        el("span", { class: "hits", title: "base damage + ready weapons; the attack card adds its bonus" }, `⚔ hits for ${hitsFor(hero, faces)} + card`),
        el("span", { class: "cover" }, compass(covered, "block", covered.length ? `shields block ${covered.join(", ")}` : "no shield ready"),
          covered.length ? ` blocks ${covered.join(", ")}` : " no shield")),
      row(
        el("div", { class: "slot" }, label("armour"), hero.armor ? face(faces, hero.armor, { pointsLeft: hero.armor_points }) : el("div", { class: "card empty" }, "none")),
        el("div", { class: "slot" }, label(`weapons & shields · hands ${handsUsed} of ${hero.hands}`),
          hero.items.length ? row(...hero.items.map((id) => face(faces, id))) : el("div", { class: "card empty" }, "empty-handed"))),
      handOf(ownHand, hero.hand_count)));
}

function who(seat: number, view: View, context: Context): string {
  // An attack's attacker or target 0 is the Monster (swordplay Monster).
  if (seat === 0) return view.monster.name || "the Monster";
  const hero = (view.heroes as Hero[]).find((h) => h.seat === seat);
  return hero ? `${hero.name}, ${seatName(context, seat)}` : seatName(context, seat);
}

/** swordplay Damage: worn armour takes the damage first, the rest comes off life. */
function landing(amount: number, target: Hero): string {
  const absorbed = target.armor ? Math.min(target.armor_points, amount) : 0;
  return absorbed ? `: armour takes ${absorbed}, life ${amount - absorbed}` : `: all of it off life`;
}

function attackArea(view: View, faces: Map<string, Face>, context: Context): HTMLElement | null {
  const pending = view.pending;
  if (!pending.active) return null;
  const attacker = (view.heroes as Hero[]).find((h) => h.seat === pending.attacker);
  const bonus = faces.get(pending.card)?.bonus ?? 0;
  // swordplay Damage: a hero's damage is public (base + weapons + bonus); the Monster's is
  // a die roll, made before the answer only with defence_after_damage.
  const target = (view.heroes as Hero[]).find((h) => h.seat === pending.target_seat);
  const amount = pending.announced ? pending.damage : attacker ? hitsFor(attacker, faces) + bonus : null;
  const damage = amount === null ? "its damage is rolled if it lands"
    : `damage ${amount}${pending.announced ? " (announced)" : ""} if it lands${target ? landing(amount, target) : ""}`;
  return el("div", { class: "pending-attack" },
    label("attack waiting for its answer"),
    el("div", { class: "attack-line" }, el("strong", {}, who(pending.attacker, view, context)), " ⚔→ ",
      el("strong", {}, who(pending.target_seat, view, context))),
    row(pending.card ? face(faces, pending.card) : null,
      el("div", {}, compass([pending.direction], "attack", `aimed ${pending.direction}`),
        el("div", { class: "aim" }, `aimed ${pending.direction}`), el("div", {}, damage))),
    el("div", { class: "label" }, "the target answers with a defence card, a ready shield, or takes the hit"));
}

function monsterArea(view: View): HTMLElement | null {
  const monster = view.monster;
  if (!monster.present) return null;
  return el("div", { class: `monster${monster.alive ? "" : " fallen"}` },
    label("the Monster (acts at the end of every round)"),
    el("div", { class: "monster-name" }, monster.name, " ", monster.alive ? null : badge("defeated", "bad")),
    el("div", {}, `♥ ${Math.max(monster.life, 0)} / ${monster.max_life} `, meter(Math.max(monster.life, 0), monster.max_life, "life")));
}

function optionBadges(view: View): HTMLElement {
  return row(
    badge(view.armour_destruction === "shatter" ? "armour shatters after one hit" : "armour absorbs until used up"),
    view.attack_targets === "left" ? badge("attacks only to the left") : null,
    view.defence_after_damage ? badge("damage told before the answer") : null,
    view.turn_limit ? badge(`turn limit ${view.turn_limit}`) : badge("no turn limit"));
}

function drawSwordplay(view: View, context: Context): HTMLElement {
  const faces = byId<Face>(view.cards);
  const ending = view.finished
    ? el("div", { class: "ending" }, view.winner ? `${who(view.winner, view, context)} is the last hero standing.` : `Drawn: ${view.draw_reason || "no winner"}.`)
    : null;
  const arena = area(`Turn ${view.turn} · ${PHASES[view.phase] ?? view.phase}`, {},
    ending,
    el("div", { class: "arena" },
      pile("combat deck", view.deck_count),
      openPile("discard pile", view.discard, (id) => face(faces, id, { small: true })),
      monsterArea(view),
      attackArea(view, faces, context)),
    optionBadges(view));
  const heroes = view.heroes as Hero[];
  // Defeated heroes are out of the fight: a short row under the ones still standing.
  const fallen = heroes.filter((hero) => !hero.alive);
  return el("div", { class: "swordplay" }, arena,
    el("div", { class: "grid heroes" }, ...heroes.filter((hero) => hero.alive).map((hero) => heroArea(hero, view, faces, context))),
    fallen.length ? el("div", { class: "fallen-heroes" }, ...fallen.map((hero) => heroArea(hero, view, faces, context))) : null);
}

register("swordplay", drawSwordplay);
