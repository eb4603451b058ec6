/**
 * The King's Armory through the Node client alone: a 5-Wave game (the rulebook's
 * standard length, kings-armory A1) of two seats played to its end by a simple greedy
 * team, with every check of the conformance suite (test/support/conformance.ts), then
 * what the game itself did between Waves (kings-armory B5), read from the events and
 * the views the seats received:
 *  - the first Wave was won and the team shopped, and the second Wave began after the
 *    shop closed, every seat done (B5 Steps 2 and 7);
 *  - the team's gold is what the events say: each Reward draw adds its cards' gold, each
 *    purchase takes its price and each sale gives it (B5 Steps 2-3), and every view the
 *    seats received shows the gold of its moment;
 *  - every purchase shows in the next view: a Hireable hired or raised, an Equipment
 *    card unlocked, bought or put on, a Tower built, a card held (B5 Steps 3 and 5);
 *  - when the list offered a purchase, the team bought something.
 * Random play seldom wins a Wave (replays/record_kings_armory.py), so the team fights as
 * the terminal's aggressive bots do (tools/bots.py): attack when it can, else step toward
 * the nearest foe, else anything but ending its turn, then end it holding to tank. Between
 * Waves each seat unlocks its own Equipment, puts on what it may, raises and hires
 * Hireables within the gold (the legal list offers only what the gold pays for), then
 * says it is done. If the foes win a later Wave, what happened up to then is checked.
 * Bounded: CONFORMANCE_MAX_COMMANDS (3000 here) and 300 s. This file names a game; the
 * suite's own test/conformance.test.ts names none.
 */
import assert from "node:assert/strict";
import { test } from "node:test";

import { Client, describeCommand, type Command__Output, type EventEnvelope, type GetViewResponse } from "../src";
import type { Event__Output as KaEvent } from "../src/generated/tablerules/v1/kings_armory/Event";
import type { View__Output as KaView } from "../src/generated/tablerules/v1/kings_armory/View";
import { playAndCheck, SEED, type Policy } from "./support/conformance";
import { Rng } from "./support/rng";
import { startServer } from "./support/server";

const RULESET = "kings-armory";
const SEATS = 2;
const MAX_COMMANDS = Number(process.env.CONFORMANCE_MAX_COMMANDS ?? 3000);
const TIMEOUT_MS = 300_000;
/** Shop commands in the order the greedy team buys: its own Equipment, then Hireables. */
const PURCHASES = ["UnlockEquipment", "Equip", "Upgrade", "Hire"];
/** Events that spend gold (kings-armory B5 Step 3), and those that bring it in by a sale. */
const SPENDING = ["towerBuilt", "hired", "upgraded", "equipmentUnlocked", "equipmentBought", "reinforcementBought",
  "armoryBought"] as const;
const SELLING = ["towerSold", "equipmentSold"] as const;

interface Seen {
  version: number;
  view: KaView;
  /** A purchase was in a seat's legal list. */
  offered: boolean;
}

interface Choice {
  command: Command__Output;
  type: string;
  fields: Record<string, unknown>;
}

function kaView(view: GetViewResponse): KaView {
  const found = view.view?.kingsArmory;
  assert.ok(found, `a ${RULESET} GetView carries its typed view`);
  return found;
}

function kaEvent(envelope: EventEnvelope): KaEvent | null {
  return envelope.event?.kingsArmory ?? null;
}

/** "f7" as [row, column]; null for what is no space name. */
function at(space: string): [number, number] | null {
  const found = /^([a-z])([0-9]{1,2})$/.exec(space);
  return found ? [Number(found[2]), found[1]!.charCodeAt(0) - 97] : null;
}

function distance(a: [number, number], b: [number, number]): number {
  return Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]);
}

/** Between Waves: the first kind of purchase on the list the seat may make, else EndShopping. */
function shop(choices: Choice[], view: KaView, seat: number, rng: Rng): Choice {
  const own = new Set(view.gear.filter((g) => g.seat === seat).map((g) => g.card));
  const wanted = (choice: Choice): boolean =>
    (choice.type !== "UnlockEquipment" || own.has(String(choice.fields.card))) &&
    (choice.type !== "Hire" || Number(choice.fields.controller) === seat);
  for (const type of PURCHASES) {
    const found = choices.filter((c) => c.type === type && wanted(c));
    if (found.length) return rng.pick(found);
  }
  const done = choices.find((c) => c.type === "EndShopping");
  assert.ok(done, "EndShopping is always listed between Waves (kings-armory B5 Step 7)");
  return done;
}

/** In a Wave or placing: attack, else close in on the nearest foe, else anything but ending, else end holding. */
function fight(choices: Choice[], view: KaView, rng: Rng): Choice {
  const attacks = choices.filter((c) => c.type === "Attack" || c.type === "UseSpecial");
  if (attacks.length) return rng.pick(attacks);
  const foes = view.figures.filter((f) => f.kind === "foe").map((f) => at(f.space)).filter((s) => s !== null);
  const where = new Map(view.figures.map((f) => [f.figure, at(f.space)]));
  const nearest = (space: [number, number]): number => Math.min(...foes.map((foe) => distance(space, foe)));
  const closer = choices.flatMap((c) => {
    const to = at(String(c.fields.to ?? ""));
    const from = where.get(String(c.fields.figure ?? ""));
    return c.type === "Step" && foes.length && to && from && nearest(to) < nearest(from) ? [{ c, d: nearest(to) }] : [];
  });
  if (closer.length) {
    const best = Math.min(...closer.map(({ d }) => d));
    return rng.pick(closer.filter(({ d }) => d === best)).c;
  }
  const busy = choices.filter((c) => !["Step", "EndAlly", "EndTurn"].includes(c.type));
  if (busy.length) return rng.pick(busy);
  const holding = choices.filter((c) => c.type === "EndAlly" && c.fields.hold === true);
  const ending = choices.filter((c) => c.type === "EndAlly" || c.type === "EndTurn");
  return rng.pick(holding.length ? holding : ending.length ? ending : choices);
}

/** The greedy team; what it saw at each step is kept in `seen` for the checks. */
function greedyTeam(seen: Seen[]): Policy {
  return (turn, rng) => {
    const seat = rng.pick(turn.waitedOn.length ? turn.waitedOn : turn.able);
    const views = turn.views.map(kaView);
    const choices = turn.views[seat - 1]!.legalCommands.map((command) => {
      const { type, fields } = describeCommand(command);
      return { command, type, fields };
    });
    const offered = turn.views.some((v) => v.legalCommands.some((c) => PURCHASES.includes(describeCommand(c).type)));
    seen.push({ version: turn.version, view: views[0]!, offered });
    const view = views[seat - 1]!;
    return { seat, command: (view.phase === "shopping" ? shop(choices, view, seat, rng) : fight(choices, view, rng)).command };
  };
}

/** The team's gold after each event, checked event by event against what each event says. */
function goldByEvent(events: EventEnvelope[]): Map<number, number> {
  const gold = new Map<number, number>();
  let purse = 0;
  for (const envelope of events) {
    const event = kaEvent(envelope);
    const kind = event?.event;
    if (event && kind === "rewardsDrawn") {
      const drawn = event.rewardsDrawn!;
      assert.equal(drawn.total, purse + drawn.gold, `event ${envelope.seq}: the Reward cards' gold joins the team's (B5 Step 2)`);
      purse = drawn.total;
    } else if (event && kind && (SPENDING as readonly string[]).includes(kind)) {
      const paid = event[kind as (typeof SPENDING)[number]]!;
      assert.equal(paid.gold, purse - paid.price, `event ${envelope.seq}: ${kind} takes its price (B5 Step 3)`);
      purse = paid.gold;
    } else if (event && kind && (SELLING as readonly string[]).includes(kind)) {
      const sold = event[kind as (typeof SELLING)[number]]!;
      assert.equal(sold.gold, purse + sold.price, `event ${envelope.seq}: ${kind} gives its price (B5 Step 3)`);
      purse = sold.gold;
    }
    gold.set(envelope.seq, purse);
  }
  return gold;
}

/** What a purchase event changed, as the next view must show it (kings-armory B5 Steps 3 and 5). */
function shows(event: KaEvent, view: KaView): boolean {
  const allies = [...view.figures, ...view.bench];
  switch (event.event) {
    case "hired": {
      const e = event.hired!;
      return allies.some((f) => f.figure === e.figure && f.seat === e.seat && f.level === e.level);
    }
    case "upgraded":
      return allies.some((f) => f.figure === event.upgraded!.figure && f.level === event.upgraded!.level);
    case "equipmentUnlocked":
      return view.gear.some((g) => g.card === event.equipmentUnlocked!.card && !g.locked);
    case "equipmentBought":
      return view.gear.some((g) => g.card === event.equipmentBought!.card && !g.locked);
    case "equipped": {
      const e = event.equipped!;
      return view.gear.some((g) => g.card === e.card && g.wornBy === e.hero) &&
        view.figures.some((f) => f.figure === e.hero && f.worn.includes(e.card));
    }
    case "towerBuilt":
      return view.towers.some((t) => t.tower === event.towerBuilt!.tower);
    case "reinforcementBought":
      return view.reinforcements.includes(event.reinforcementBought!.card);
    case "armoryBought":
      return view.armory === event.armoryBought!.card;
    default:
      return true;
  }
}

test(`${RULESET}: a 5-Wave game with shopping, through the Node client`, { timeout: TIMEOUT_MS + 60_000 }, async (t) => {
  const server = await startServer();
  const operator = new Client(server.address, { token: server.operatorToken });
  t.diagnostic(`server ${server.address}, CONFORMANCE_SEED=${SEED}`);
  try {
    const ruleset = (await operator.listRulesets()).find((r) => r.name === RULESET);
    assert.ok(ruleset, `the server lists ${RULESET}`);
    const seen: Seen[] = [];
    const rng = new Rng(SEED ^ 0x5b0b);
    const played = await playAndCheck(t, server, operator, ruleset, SEATS, rng, false, undefined,
      { policy: greedyTeam(seen), tag: "greedy", maxCommands: MAX_COMMANDS, timeoutMs: TIMEOUT_MS });
    const events = played.events.map((envelope) => ({ seq: envelope.seq, event: kaEvent(envelope) }));
    const first = (kind: string, wave: number) =>
      events.find(({ event }) => event?.event === kind && (event[kind as keyof KaEvent] as { wave?: number }).wave === wave);

    assert.ok(seen.length && seen[0]!.view.waves === 5, "the rulebook's standard game: 5 Waves (kings-armory A1)");
    const rewards = first("rewardsDrawn", 1);
    assert.ok(rewards, `the team won the first Wave and reached the shop (${played.outcome})`);
    const closed = first("shopClosed", 1);
    const second = first("waveBegan", 2);
    assert.ok(closed && second && rewards.seq < closed.seq && closed.seq < second.seq,
      "the second Wave begins after the shop closes (kings-armory B5 Step 7)");

    // Every seat says it is done before each shop closes (B5 Step 7).
    let opened = 0;
    for (const { seq, event } of events) {
      if (event?.event === "rewardsDrawn") opened = seq;
      if (event?.event !== "shopClosed") continue;
      const done = events.filter((e) => e.seq > opened && e.seq < seq && e.event?.event === "shoppingEnded")
        .map((e) => e.event!.shoppingEnded!.seat).sort();
      assert.deepEqual(done, Array.from({ length: SEATS }, (_, i) => i + 1), `shop closed at ${seq}: every seat done`);
    }

    const gold = goldByEvent(played.events);
    for (const { version, view } of seen) {
      assert.equal(view.gold, gold.get(version), `the view at ${version} shows the team's gold of that moment`);
    }
    const purchases = events.filter(({ event }) => event?.event && [...SPENDING, "equipped"].includes(event.event));
    for (const { seq, event } of purchases) {
      const next = seen.find((s) => s.version >= seq);
      assert.ok(next, `a view follows the purchase at ${seq}`);
      assert.ok(shows(event!, next.view), `the view at ${next.version} shows ${JSON.stringify(event)}`);
    }
    if (seen.some((s) => s.offered)) assert.ok(purchases.length > 0, "the team bought what the list offered");

    const waves = events.filter(({ event }) => event?.event === "waveBegan").length;
    const spent = purchases.map(({ event }) => event!.event).join(", ");
    t.diagnostic(`${played.outcome} after ${waves} Waves; ${seen.length} commands; shop at events ${rewards.seq}-` +
      `${closed.seq}; bought: ${spent}`);
  } finally {
    operator.close();
    await server.stop();
  }
});
