/**
 * Cross-language conformance suite: any server that implements proto/tablerules/v1
 * must pass it. It starts a real server (test/support/server.ts; or set
 * TABLERULES_ADDRESS), asks it for its rulesets and, for every one it lists, plays
 * complete games with one client (one connection, one token) per seat, each seat
 * choosing only among its own legal commands. New games join by being listed: no
 * code here names a game, a command or a card (test/support/expectations.ts declares
 * what ListRulesets does not say: cooperative games, one seat acting at a time).
 *
 * Checked for every game:
 *  - versions rise by one with no gaps: replies, every viewer's stream, the log;
 *  - each seat's stream equals, event for event, what it saw in its replies, and every
 *    viewer's stream matches the full log (same hashes; same payload unless redacted,
 *    and `redacted` is set exactly when the payload differs); each viewer's live stream
 *    in batches equals what StreamEvents sends it one event a message;
 *  - no seat (nor a spectator) ever receives hidden cards: test/support/secrets.ts;
 *  - a retried command_id appends nothing and returns the first result (duplicate);
 *  - a stale expected_version gets ABORTED with ErrorInfo STALE_VERSION expected/actual;
 *  - an illegal command gets FAILED_PRECONDITION with PreconditionFailure naming the rule;
 *  - the exported log verifies with `tablerules verify` (and VerifyLog), the seed it
 *    reveals matches the commitment, and the seats' exports equal the operator's.
 *  - status: winners and to_act list distinct seats of the game; no winners before the
 *    end and nobody to act after it; a cooperative game is won by every seat or by none;
 *    where one seat acts at a time, to_act holds one seat, the only one with legal commands
 *    (the kernel's seat-randomness phase aside);
 *  - a perfect-information game redacts nothing for anybody.
 *
 * Three games per ruleset: fewest seats with default options, most seats with options
 * drawn from the listed choices and bounds (turn_limit CONFORMANCE_TURN_LIMIT, default 8, when
 * the ruleset has that option), and a full-length one with the ruleset's own defaults
 * (no turn limit, as the rulebooks; expectations.ts gives one where random play does not
 * end such a game within the bounds below; CONFORMANCE_LONG_TURN_LIMIT sets its
 * turn_limit instead; 0 skips it), and one more
 * where expectations.ts gives options for it. CONFORMANCE_SEED repeats a run (the same seeds and choices);
 * CONFORMANCE_MAX_COMMANDS bounds each game (default 6000: random Guardians games
 * run to some 2,400 commands in 40 turns; GAME_TIMEOUT_MS bounds time).
 *
 * A game is played and checked by playAndCheck (test/support/conformance.ts), which a
 * test of one game may also call with a policy of its own in place of random choices
 * (test/kings-armory.conformance.test.ts).
 */
import assert from "node:assert/strict";
import { test, type TestContext } from "node:test";

import { Client, type OptionInput } from "../src";
import { playAndCheck, SEED, type Outcome } from "./support/conformance";
import { traitsOf } from "./support/expectations";
import { Rng } from "./support/rng";
import { startServer } from "./support/server";

const TURN_LIMIT = Number(process.env.CONFORMANCE_TURN_LIMIT ?? 8);
/** undefined: the ruleset's default (or expectations.ts's longTurnLimit); 0: no full-length game. */
const LONG_TURN_LIMIT = process.env.CONFORMANCE_LONG_TURN_LIMIT ? Number(process.env.CONFORMANCE_LONG_TURN_LIMIT)
  : undefined;

test("conformance: every listed ruleset, complete games, one client per seat", { timeout: 600_000 }, async (t) => {
  const server = await startServer();
  const operator = new Client(server.address, { token: server.operatorToken });
  t.diagnostic(`server ${server.address}, CONFORMANCE_SEED=${SEED}`);
  try {
    const rulesets = await operator.listRulesets();
    assert.ok(rulesets.length > 0, "the server lists no ruleset");
    for (const ruleset of rulesets) {
      assert.ok(ruleset.minSeats >= 1 && ruleset.maxSeats >= ruleset.minSeats, `${ruleset.name}: seat counts`);
      await t.test(ruleset.name, async (rt) => {
        const rng = new Rng(SEED ^ [...ruleset.name].reduce((h, c) => Math.imul(h, 31) + c.charCodeAt(0) | 0, 7));
        const outcomes: Outcome[] = [];
        const play = (seats: number, randomOptions: boolean, turnLimit: number | undefined,
          fixed?: Record<string, OptionInput>) => async (gt: TestContext) => {
          const played = await playAndCheck(gt, server, operator, ruleset, seats, rng, randomOptions, turnLimit,
            { fixedOptions: fixed });
          outcomes.push(played.outcome);
        };
        const seats = Math.min(ruleset.maxSeats, ruleset.minSeats + 1);
        await rt.test(`${ruleset.minSeats} seats, default options`, play(ruleset.minSeats, false, TURN_LIMIT));
        await rt.test(`${ruleset.maxSeats} seats, options drawn from the listed choices`,
          play(ruleset.maxSeats, true, TURN_LIMIT));
        if (LONG_TURN_LIMIT !== 0) {
          const longLimit = LONG_TURN_LIMIT ?? traitsOf(ruleset.name).longTurnLimit;
          await rt.test(`${seats} seats, a full-length game (turn_limit ${longLimit ?? "by default"})`,
            play(seats, false, longLimit));
        }
        const extra = traitsOf(ruleset.name).extraGame;
        if (extra) {
          await rt.test(`${seats} seats, options ${JSON.stringify(extra.options)} (${extra.why})`,
            play(seats, false, TURN_LIMIT, extra.options));
        }
        rt.diagnostic(`${ruleset.name}: ${outcomes.length} games: ${outcomes.join(", ")}`);
      });
    }
  } finally {
    operator.close();
    await server.stop();
  }
});
