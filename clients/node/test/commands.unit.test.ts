/** Command helpers: reflection on the generated descriptors, without a server. */
import assert from "node:assert/strict";
import { test } from "node:test";

import {
  command, commandKey, commandTypes, describeCommand, formatCommand, messageType, optionValue, plainOption, rulesetMember,
  rulesetName,
} from "../src";

test("command() builds any game's command by type or oneof member, and checks names", () => {
  const place = command("armory", "PlaceArmament", { card: "1.07", combatant: "warrior-1" });
  assert.deepEqual(place, { armory: { placeArmament: { card: "1.07", combatant: "warrior-1" } } });
  assert.deepEqual(command("armory", "pass"), { armory: { pass: {} } });
  assert.throws(() => command("armory", "Teleport"), /armory has no command "Teleport"/);
  assert.throws(() => command("armory", "Trade", { cardd: "1.01" }), /no field "cardd"/);
  assert.throws(() => command("armory", "DeclareDuel", { opponent: "two" }), /integer/);
  assert.throws(() => command("chess", "Move"), /no game named "chess"/);
});

test("commandTypes lists each game's commands from the protos", () => {
  const root = messageType("tablerules.v1.Command");
  for (const game of Object.keys(root.fields)) {
    assert.ok(commandTypes(game).length > 0, game);
  }
  assert.ok(commandTypes("armory").includes("PlaceArmament"));
});

test("describeCommand inverts command(), whatever defaults and virtual oneof fields the input carries", () => {
  const received = { // as GetView returns it (defaults filled in, oneof names set)
    armory: { placeArmament: { card: "1.07", combatant: "warrior-1" }, command: "placeArmament" }, game: "armory",
  };
  assert.deepEqual(describeCommand(received as never), {
    ruleset: "armory", type: "PlaceArmament", member: "placeArmament", fields: { card: "1.07", combatant: "warrior-1" },
  });
  assert.equal(formatCommand(received as never), 'armory PlaceArmament {"card":"1.07","combatant":"warrior-1"}');
  assert.equal(formatCommand(command("armory", "Pass")), "armory Pass");
  assert.equal(commandKey(received as never), commandKey(command("armory", "PlaceArmament",
    { combatant: "warrior-1", card: "1.07" })));
  assert.notEqual(commandKey(command("armory", "Trade", { card: "1.07" })), commandKey(command("armory", "Trade", { card: "1.08" })));
  assert.throws(() => describeCommand({}), /names no game/);
});

test("option values", () => {
  assert.deepEqual(optionValue(true), { boolValue: true });
  assert.deepEqual(optionValue(8), { intValue: 8 });
  assert.deepEqual(optionValue(8n), { intValue: "8" });
  assert.deepEqual(optionValue("left"), { stringValue: "left" });
  assert.throws(() => optionValue(1.5), RangeError);
  assert.equal(plainOption({ intValue: 300, value: "intValue" }), 300);
  assert.equal(plainOption({ stringValue: "", value: "stringValue" }), "");
  assert.equal(plainOption(null), undefined);
});

test("a hyphenated ruleset: its member in the proto unions is its name with - as _ (kings-armory: kings_armory)", () => {
  assert.equal(rulesetMember("kings-armory"), "kingsArmory"); // lowerCamelCase, like every field here
  assert.equal(rulesetMember("armory"), "armory");
  assert.equal(rulesetMember("kingsArmory"), "kingsArmory");
  assert.equal(rulesetName("kingsArmory"), "kings-armory");
  assert.equal(rulesetName("armory"), "armory");
  assert.equal(rulesetName("kernel"), "kernel");
  assert.ok(commandTypes("kings-armory").includes("Step"));

  const step = command("kings-armory", "Step", { figure: "valcor", to: "c3" });
  assert.deepEqual(step, { kingsArmory: { step: { figure: "valcor", to: "c3" } } });
  assert.deepEqual(describeCommand(step), {
    ruleset: "kings-armory", type: "Step", member: "step", fields: { figure: "valcor", to: "c3" },
  });
  const received = { kingsArmory: { step: { figure: "valcor", to: "c3" }, command: "step" }, game: "kingsArmory" };
  assert.equal(formatCommand(received as never), 'kings-armory Step {"figure":"valcor","to":"c3"}');
  assert.equal(commandKey(received as never), commandKey(step));
  // Encodes as field 14 of tablerules.v1.Command, kings_armory.
  const type = messageType("tablerules.v1.Command");
  assert.deepEqual(type.toObject(type.decode(type.encode(type.fromObject(step)).finish())), step);
  assert.throws(() => command("kings_armory_x", "Step"), /no game named "kings_armory_x"/);
});
