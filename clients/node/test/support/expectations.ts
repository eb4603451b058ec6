/**
 * What ListRulesets does not say about a ruleset, declared here so that the conformance
 * suite can check it. Everything else the suite knows about a game comes from the server
 * (ListRulesets, GetView); this file is the one place that names games. A ruleset not
 * listed here gets only the checks that hold for every game.
 *
 * (OpenSpiel's GameType says "cooperative" as utility IDENTICAL; once tablerules.v1.Ruleset
 * carries such a field, read it from there instead.)
 */
import type { OptionInput } from "../../src";

export interface RulesetTraits {
  /** All seats win or lose together: a finished game lists every seat as a winner, or none. */
  cooperative?: boolean;
  /**
   * Exactly one seat acts at a time: while the game is under way, to_act holds one seat
   * and no other seat has a legal command (what the game itself does, e.g. its foes'
   * turns, happens inside a seat's command).
   */
  oneSeatActs?: boolean;
  /**
   * One more game to play, with these options (and the fewest seats + 1), e.g. a short
   * one that random play can win, so that a win's status is checked too.
   */
  extraGame?: { options: Record<string, OptionInput>; why: string };
  /**
   * The turn_limit of the full-length game where random play does not end the rulebook's
   * game (which has no limit) within the suite's bounds; otherwise it plays with none.
   */
  longTurnLimit?: number;
}

export const TRAITS: Readonly<Record<string, RulesetTraits>> = {
  // Random ARMORY play reaches no ATTACK in about one game of five within 300 turns.
  armory: { longTurnLimit: 300 },
  // Random Guardians play runs to some 2,400 commands in 40 turns.
  guardians: { longTurnLimit: 40 },
  // Not oneSeatActs: between Waves every seat shops at once (kings-armory B5 Steps 3-7).
  "kings-armory": {
    cooperative: true,
    extraGame: { options: { waves: 1, gate_hp: 99 }, why: "one Wave against a strong Gate: random play mostly wins" },
  },
};

export function traitsOf(ruleset: string): RulesetTraits {
  return TRAITS[ruleset] ?? {};
}
