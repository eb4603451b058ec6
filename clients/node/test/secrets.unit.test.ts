/** The hidden-card check itself (test/support/secrets.ts) on small made-up logs: it must catch leaks. */
import assert from "node:assert/strict";
import { test } from "node:test";

import { findLeaks, hiddenValues, secretsInText, stringLeaves } from "./support/secrets";

const full = new Map<number, unknown>([
  [1, { order: ["a1", "a2", "a3"], seat: 1 }], // a shuffle: hidden from everybody
  [2, { cards: ["a1", "a2"], count: 2, seat: 2 }], // seat 2 draws: hidden from seat 1
  [3, { card: "a1", seat: 2 }], // seat 2 plays a1 face up
]);
const seat1 = [
  { seq: 1, payload: { order: [], seat: 1 }, typed: { order: [] }, redacted: true },
  { seq: 2, payload: { cards: [], count: 2, seat: 2 }, typed: { cards: [] }, redacted: true },
  { seq: 3, payload: { card: "a1", seat: 2 }, typed: { card: "a1" }, redacted: false },
];

test("hiddenValues and stringLeaves", () => {
  assert.deepEqual([...hiddenValues(full.get(2), seat1[1]!.payload)], ["a1", "a2"]);
  assert.deepEqual([...hiddenValues({ card: "x", n: 1 }, { card: "" })], ["x"]);
  assert.deepEqual([...stringLeaves({ a: ["x", "", { b: "y" }], n: 3 })], ["x", "y"]);
  assert.deepEqual(secretsInText("1.07 belongs to seat 1, not 11.07", new Set(["1.07"])), ["1.07"]);
  assert.deepEqual(secretsInText("card 11.07 and 1.070", new Set(["1.07"])), []);
});

test("a correct stream has no leaks; a card shown face up stops being secret", () => {
  const exposures = [
    { version: 2, what: "view", data: { hand_count: 2 } },
    { version: 3, what: "view", data: { table: ["a1"] } }, // a1 was played: public now
  ];
  assert.deepEqual(findLeaks("seat 1", full, seat1, exposures).leaks, []);
});

test("a view or an error that shows a secret card is a leak", () => {
  const leaks = findLeaks("seat 1", full, seat1, [
    { version: 2, what: "view", data: { opponent_hand: ["a2"] } },
    { version: 3, what: "error", text: "a2 is in seat 2's hand" },
    { version: 3, what: "echo", text: "a2 is in seat 2's hand", echoed: new Set(["a2"]) },
  ]).leaks;
  assert.deepEqual(leaks.map((l) => [l.seq, l.what, l.values]), [[2, "view", ["a2"]], [3, "error", ["a2"]]]);
});

test("an event that blanks a card in one field but shows it in another (or in its typed copy) is a leak", () => {
  const leaky = [seat1[0]!, { ...seat1[1]!, typed: { cards: ["a2"] } }, seat1[2]!];
  assert.deepEqual(findLeaks("seat 1", full, leaky, []).leaks.map((l) => [l.seq, l.values]), [[2, ["a2"]]]);
});
