/**
 * Command helpers that work for every game in proto/ through reflection on the
 * generated descriptors: a new game needs no code here.
 *
 *   command("armory", "PlaceArmament", { card: "1.07", combatant: "archer" })
 *   describeCommand(view.legalCommands[0])  // { ruleset: "armory", type: "Trade", fields: { card: "1.07" } }
 */
import type * as protobuf from "protobufjs";

import { canonicalJson } from "./chain";
import type { Command, Command__Output } from "./generated/tablerules/v1/Command";
import { messageType } from "./protos";

/** The rulesets proto/ knows about (the members of tablerules.v1.Command's oneof). */
export type RulesetName = NonNullable<Command["game"]>;

const COMMAND = "tablerules.v1.Command";

/**
 * A ruleset's member of the shared unions (Command, Event, View): its name with "-" as
 * "_" in proto/, which the generated code spells in lowerCamelCase ("kings-armory" ->
 * "kingsArmory").
 */
export function rulesetMember(ruleset: string): string {
  return ruleset.replace(/[-_]([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The ruleset a member of the unions stands for: "kingsArmory" -> "kings-armory". */
export function rulesetOfMember(member: string): string {
  return member.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

function gameCommandType(ruleset: string): protobuf.Type {
  const field = messageType(COMMAND).fields[rulesetMember(ruleset)];
  if (!field || !field.resolvedType || !("fields" in field.resolvedType)) {
    const known = Object.keys(messageType(COMMAND).fields).join(", ");
    throw new Error(`no game named ${JSON.stringify(ruleset)} in tablerules.v1.Command (known: ${known})`);
  }
  return field.resolvedType as protobuf.Type;
}

/** The command type names a ruleset defines, e.g. ["PlaceArmament", "PlaceGuardian", ...]. */
export function commandTypes(ruleset: string): string[] {
  return gameCommandType(ruleset).fieldsArray.map((f) => (f.resolvedType as protobuf.Type).name);
}

/**
 * A tablerules.v1.Command for `ruleset` from a command type (the message name,
 * "PlaceArmament", or the oneof member, "placeArmament") and its fields
 * (lowerCamelCase, e.g. { targetSeat: 2 }). Unknown types or fields throw.
 */
export function command(ruleset: string, type: string, fields: Record<string, unknown> = {}): Command {
  const gameType = gameCommandType(ruleset);
  const member = gameType.fieldsArray.find((f) => f.name === type || (f.resolvedType as protobuf.Type).name === type);
  if (!member) {
    throw new Error(`${ruleset} has no command ${JSON.stringify(type)} (known: ${commandTypes(ruleset).join(", ")})`);
  }
  const inner = member.resolvedType as protobuf.Type;
  for (const key of Object.keys(fields)) {
    if (!inner.fields[key]) {
      const known = Object.keys(inner.fields).join(", ") || "none";
      throw new Error(`${ruleset} ${inner.name} has no field ${JSON.stringify(key)} (fields: ${known})`);
    }
  }
  const problem = inner.verify(fields);
  if (problem) throw new Error(`${ruleset} ${inner.name}: ${problem}`);
  return { [rulesetMember(ruleset)]: { [member.name]: fields } } as Command;
}

/** A command as { ruleset, type, member, fields }: the inverse of command(). */
export interface CommandDescription {
  ruleset: string;
  /** The message name, e.g. "PlaceArmament". */
  type: string;
  /** The oneof member, e.g. "placeArmament". */
  member: string;
  /** The fields that are set (defaults left out). */
  fields: Record<string, unknown>;
}

export function describeCommand(cmd: Command | Command__Output): CommandDescription {
  const type = messageType(COMMAND);
  const plain = type.toObject(type.fromObject(cmd), { longs: Number, enums: String, oneofs: true }) as
    Record<string, unknown> & { game?: string };
  const game = plain.game;
  if (!game) throw new Error("the command names no game");
  const ruleset = rulesetOfMember(game);
  const part = plain[game] as Record<string, unknown> & { command?: string };
  const member = part.command;
  if (!member) throw new Error(`the ${ruleset} command is empty`);
  const gameType = gameCommandType(ruleset);
  const inner = gameType.fields[member]?.resolvedType as protobuf.Type;
  return { ruleset, type: inner.name, member, fields: { ...(part[member] as Record<string, unknown>) } };
}

/** A short readable form, e.g. `armory PlaceArmament {"card":"1.07","combatant":"archer"}`. */
export function formatCommand(cmd: Command | Command__Output): string {
  const d = describeCommand(cmd);
  const fields = canonicalJson(d.fields);
  return fields === "{}" ? `${d.ruleset} ${d.type}` : `${d.ruleset} ${d.type} ${fields}`;
}

/** A key equal for equal commands (whatever defaults or virtual oneof fields they carry). */
export function commandKey(cmd: Command | Command__Output): string {
  const d = describeCommand(cmd);
  return `${d.ruleset}/${d.type}/${canonicalJson(d.fields)}`;
}

