// ARMORY: each seat's combatants with their armaments and Guardians, hand (face up
// for its own seat only), draw pile, used and locked cards; the stack of cards cast
// in an attack; a duel under way.

import { area, back, badge, card, el, label, pile, row } from "../draw.js";
import { register } from "./index.js";
import { seatName, type Context, type View } from "./types.js";

interface ArmoryCard { card: string; name: string; kind: string; number: number; invincible: boolean; uncounterable: boolean }

function face(c: ArmoryCard, small = false): HTMLElement {
  const notes = [c.invincible ? "invincible" : "", c.uncounterable ? "uncounterable" : ""].filter(Boolean);
  return card({ id: c.card, name: c.name, kind: c.kind, stats: [["no.", c.number]], notes, small });
}

/** A Mystic on the stack: the card, who cast it and at what. */
function cast(item: View): HTMLElement {
  const target = item.target_seat ? ` at seat ${item.target_seat}${item.target_combatant ? ` ${item.target_combatant}` : ""}` : "";
  return el("div", {}, face(item.card), label(`seat ${item.caster}${target}`),
    item.rebounded ? badge("rebounded") : null, item.passed.length ? label(`passed: seat ${item.passed.join(", ")}`) : null);
}

function hand(cards: ArmoryCard[], count: number): HTMLElement {
  // A hand the viewer may not see comes as a count alone: it is drawn as card backs.
  return cards.length || count === 0 ? row(...cards.map((c) => face(c))) : row(...Array.from({ length: count }, () => back("hidden", true)));
}

function seatArea(seat: View, view: View, context: Context): HTMLElement {
  const acting = view.turn_player === seat.seat || view.responder === seat.seat;
  const title = el("span", {}, seatName(context, seat.seat), " ",
    view.turn_player === seat.seat ? badge("turn player") : null,
    view.turn_opponent === seat.seat ? badge("turn opponent") : null,
    seat.loses_next_turn ? badge("loses next turn", "bad") : null);
  return area(title, { acting, winner: context.winners.includes(seat.seat), seat: seat.seat },
    label("combatants"),
    row(...seat.combatants.map((c: View) => el("div", { class: "area", data: { combatant: c.combatant } },
      el("div", {}, el("strong", {}, c.combatant), " ", c.fully_armed ? badge("fully armed", "good") : null),
      row(...c.armaments.map((a: ArmoryCard) => face(a, true))),
      c.guardian.length ? label("guarded by") : null,
      row(...c.guardian.map((g: ArmoryCard) => face(g, true)))))),
    label(`hand (${seat.hand_count})`),
    hand(seat.hand, seat.hand_count),
    row(pile("draw pile", seat.draw_count),
      el("div", {}, label(`used (${seat.used.length})`), row(...seat.used.slice(-6).map((c: ArmoryCard) => face(c, true)))),
      seat.locked_count ? el("div", {}, label(`locked (${seat.locked_count})`), hand(seat.locked, seat.locked_count)) : null));
}

function drawArmory(view: View, context: Context): HTMLElement {
  const duel = view.duel;
  const middle = area(`turn ${view.turn} · ${view.phase.replace(/_/g, " ")}`, {},
    view.stack.length ? el("div", {}, label("cast, waiting to resolve (armory R5)"), row(...view.stack.map(cast))) : null,
    duel.challenger ? el("div", {}, label(`duel: ${seatName(context, duel.challenger)} challenges ${seatName(context, duel.challenged)}` +
      (duel.prize ? `, prize: ${duel.prize}` : "")), row(...duel.revealed.map((c: ArmoryCard) => face(c)))) : null,
    view.trade_drawn.length ? label(`cards drawn in a trade: ${view.trade_drawn.length}`) : null);
  return el("div", { class: "armory" }, middle, el("div", { class: "grid" },
    ...view.seats.map((seat: View) => seatArea(seat, view, context))));
}

register("armory", drawArmory);
