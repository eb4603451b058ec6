/**
 * The conformance suite's game: one game played to its end through the proto contract,
 * one client (one connection, one token) per seat and a spectator, every check of
 * test/conformance.test.ts's list made on the way and at the end. Which seat acts and
 * which of its legal commands it submits is a Policy: at random by default; a test of one
 * game may bring its own (test/kings-armory.conformance.test.ts shops between Waves).
 */
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { createHash, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestContext } from "node:test";

import * as grpc from "@grpc/grpc-js";

import {
  ChainCheck,
  Client,
  RuleError,
  StaleVersionError,
  TablerulesError,
  command,
  commandKey,
  commandTypes,
  describeCommand,
  formatCommand,
  type Command__Output,
  type EventEnvelope,
  type GetViewResponse,
  type GameStatus,
  type OptionInput,
  type Ruleset,
} from "../../src";
import { traitsOf } from "./expectations";
import { suiteSeed, type Rng } from "./rng";
import { findLeaks, stringLeaves, type Exposure } from "./secrets";
import type { RunningServer } from "./server";

/** The suite's seed (CONFORMANCE_SEED, else a random one): every game's seed and choice derive from it. */
export const SEED = suiteSeed();
const MAX_COMMANDS = Number(process.env.CONFORMANCE_MAX_COMMANDS ?? 6000);
const GAME_TIMEOUT_MS = 120_000;
const STREAM_END_TIMEOUT_MS = 15_000;
const PROBE_EVERY = 7;
const ZERO_HASH = "0".repeat(64);

interface Viewer {
  name: string;
  /** 1..n, or 0 for the spectator. */
  seat: number;
  token: string | undefined;
  /** Its stream comes in batches (StreamEventBatches), as the client asks by default. */
  client: Client;
  events: EventEnvelope[];
  /** Events this seat got in SubmitCommand replies. */
  replied: EventEnvelope[];
  exposures: Exposure[];
  streamDone: Promise<void>;
}

interface LogLine {
  seq: number;
  type: string;
  rule: string;
  command_id: string;
  payload: unknown;
  public: unknown;
  schema: number;
  secret_digest: string;
  hash: string;
  prev_hash: string;
  state_hash: string;
}

/**
 * Options for a game: turn_limit set when given and the ruleset has it; others default or
 * drawn at random (bools; strings among the listed choices; ints within the listed bounds).
 */
function gameOptions(ruleset: Ruleset, rng: Rng | undefined, turnLimit: number | undefined): Record<string, OptionInput> {
  const options: Record<string, OptionInput> = {};
  for (const spec of ruleset.options) {
    const kind = spec.default?.value;
    if (spec.name === "turn_limit" && kind === "intValue") {
      if (turnLimit === undefined) continue;
      let limit = turnLimit;
      if (spec.minimum != null) limit = Math.max(limit, Number(spec.minimum));
      if (spec.maximum != null) limit = Math.min(limit, Number(spec.maximum));
      options[spec.name] = limit;
    } else if (rng && kind === "boolValue") {
      options[spec.name] = rng.below(2) === 1;
    } else if (rng && kind === "stringValue" && spec.choices.length > 0) {
      options[spec.name] = rng.pick(spec.choices);
    } else if (rng && kind === "intValue" && spec.minimum != null && spec.maximum != null) {
      const low = Number(spec.minimum);
      options[spec.name] = low + rng.below(Number(spec.maximum) - low + 1);
    }
  }
  return options;
}

function parseLog(text: string): { header: Record<string, unknown>; lines: LogLine[] } {
  const [first, ...rest] = text.split("\n").filter((line) => line.trim() !== "");
  assert.ok(first, "the exported log is empty");
  return { header: JSON.parse(first) as Record<string, unknown>, lines: rest.map((l) => JSON.parse(l) as LogLine) };
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no end after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A finished game's stream as a client from before StreamEventBatches reads it: one event a message. */
async function singly(address: string, gameId: string, token: string | undefined): Promise<EventEnvelope[]> {
  const client = new Client(address, { token });
  client.batches = false;
  try {
    const events: EventEnvelope[] = [];
    for await (const event of client.streamEvents(gameId)) events.push(event);
    return events;
  } finally {
    client.close();
  }
}

function checkReply(events: EventEnvelope[], gameId: string, from: number, commandId: string, where: string): void {
  assert.ok(events.length >= 1, `${where}: an accepted command produced no event`);
  events.forEach((event, i) => {
    assert.equal(event.seq, from + 1 + i, `${where}: reply events must be versions ${from + 1}.. with no gap`);
    assert.equal(event.gameId, gameId, `${where}: event of another game`);
    assert.equal(event.commandId, commandId, `${where}: event not caused by this command id`);
    if (i > 0) assert.equal(event.prevHash, events[i - 1]!.hash, `${where}: broken hash chain in the reply`);
  });
}

/** An illegal command for `seat`: another seat's legal command, else an empty command of some type. */
function illegalCandidates(ruleset: string, views: GetViewResponse[], seatIndex: number): Command__Output[] {
  const own = new Set(views[seatIndex]!.legalCommands.map(commandKey));
  const seen = new Set<string>();
  const candidates: Command__Output[] = [];
  const others = views.flatMap((v, i) => (i === seatIndex ? [] : v.legalCommands));
  const empties = commandTypes(ruleset).map((type) => command(ruleset, type, {}) as Command__Output);
  for (const candidate of [...others, ...empties]) {
    const key = commandKey(candidate);
    if (own.has(key) || seen.has(key)) continue;
    seen.add(key);
    candidates.push(candidate);
  }
  return candidates;
}

async function probeStale(viewer: Viewer, gameId: string, cmd: Command__Output, version: number): Promise<void> {
  for (const expected of [version - 1, version + 1]) {
    const error = await viewer.client.submitCommand(gameId, cmd, { expectedVersion: expected }).then(
      () => assert.fail(`${viewer.name}: a command at expected_version ${expected} was accepted at ${version}`),
      (e: unknown) => e);
    assert.ok(error instanceof StaleVersionError, `${viewer.name}: stale expected_version: got ${String(error)}`);
    assert.equal(error.code, grpc.status.ABORTED);
    assert.equal(error.errorInfo?.reason, "STALE_VERSION");
    assert.equal(error.expected, expected, "ErrorInfo metadata 'expected'");
    assert.equal(error.actual, version, "ErrorInfo metadata 'actual'");
    viewer.exposures.push({ version, what: "ABORTED message", text: error.message, echoed: stringLeaves(cmd) });
  }
}

async function probeIllegal(viewers: Viewer[], views: GetViewResponse[], seatIndex: number, gameId: string,
  ruleset: string, version: number, rng: Rng): Promise<string> {
  const viewer = viewers[seatIndex]!;
  const candidates = illegalCandidates(ruleset, views, seatIndex);
  assert.ok(candidates.length > 0, `${viewer.name}: no command outside its legal list to try`);
  // Another seat's legal command first (always well formed), then the empty ones.
  const fromOthers = candidates.filter((c) => views.some((v, i) => i !== seatIndex &&
    v.legalCommands.some((l) => commandKey(l) === commandKey(c))));
  const tries = fromOthers.length ? [rng.pick(fromOthers)] : candidates.slice(0, 5);
  for (const cmd of tries) {
    const error = await viewer.client.submitCommand(gameId, cmd).then(
      () => assert.fail(`${viewer.name}: ${formatCommand(cmd)} is not in its legal commands but was accepted ` +
        `at version ${version}`),
      (e: unknown) => e);
    assert.ok(error instanceof TablerulesError, String(error));
    // The harness hands this seat another seat's command: the error may echo its values back.
    viewer.exposures.push({ version, what: `${error.codeName} message`, text: error.message, echoed: stringLeaves(cmd) });
    if (error.code === grpc.status.INVALID_ARGUMENT && !fromOthers.length) continue; // a malformed empty command
    assert.ok(error instanceof RuleError,
      `${viewer.name}: ${formatCommand(cmd)} should be FAILED_PRECONDITION, got ${error.message}`);
    assert.equal(error.code, grpc.status.FAILED_PRECONDITION);
    assert.ok(error.preconditionFailure, "FAILED_PRECONDITION carries a PreconditionFailure");
    assert.equal(error.violationType, "RULE");
    // A game's own rule, or the kernel's (seat randomness is decided by the kernel in every game).
    assert.match(error.rule, new RegExp(`^(${ruleset}|kernel) \\S`), `the rule is named (got ${JSON.stringify(error.rule)})`);
    assert.ok(error.description.length > 0, "the violation has a description");
    assert.equal(error.details, `${error.rule}: ${error.description}`, "the message cites the rule");
    return error.rule;
  }
  return "";
}

/** Saves a game's full log (with its seed) under the temporary directory; returns where, or why not. */
async function keepLog(operator: Client, gameId: string): Promise<string> {
  try {
    const file = path.join(os.tmpdir(), `tablerules-conformance-${gameId}.jsonl`);
    writeFileSync(file, (await operator.exportLog(gameId)).logJsonl);
    return file;
  } catch (error) {
    return `not kept (${String(error)})`;
  }
}

/** How a finished game ended, for the suite's report. */
export type Outcome = "won by all" | "lost by all" | "won by some" | "no winner";

/** What a policy sees at each step: the game's version and status, and every seat's view. */
export interface Turn {
  version: number;
  status: GameStatus;
  /** The seats' views, seat n at index n - 1 (the spectator's is not among them). */
  views: GetViewResponse[];
  /** The seats with legal commands, and of those the ones the game waits on (to_act). */
  able: number[];
  waitedOn: number[];
}

/** Which seat acts now and which of its legal commands it submits (one of its view's list). */
export type Policy = (turn: Turn, rng: Rng) => { seat: number; command: Command__Output };

/** A seat the game waits on (else any that may act), and one of its legal commands, at random. */
export const randomPolicy: Policy = (turn, rng) => {
  const seat = rng.pick(turn.waitedOn.length ? turn.waitedOn : turn.able);
  return { seat, command: rng.pick(turn.views[seat - 1]!.legalCommands) };
};

export interface GameSettings {
  /** Options set over the ruleset's defaults (or those drawn at random). */
  fixedOptions?: Record<string, OptionInput>;
  policy?: Policy;
  /** A tag for the game's seed (e.g. the policy's name), so that its chance differs from the random games'. */
  tag?: string;
  /** Bounds: commands (CONFORMANCE_MAX_COMMANDS, default 6000) and time (120 s). */
  maxCommands?: number;
  timeoutMs?: number;
}

/** A finished, checked game: how it ended, and every event as the spectator received it. */
export interface PlayedGame {
  outcome: Outcome;
  gameId: string;
  events: EventEnvelope[];
}

export async function playAndCheck(t: TestContext, server: RunningServer, operator: Client, ruleset: Ruleset,
  seats: number, rng: Rng, randomOptions: boolean, turnLimit: number | undefined,
  settings: GameSettings = {}): Promise<PlayedGame> {
  const { fixedOptions, policy = randomPolicy, maxCommands = MAX_COMMANDS, timeoutMs = GAME_TIMEOUT_MS } = settings;
  const started = Date.now();
  const deadline = started + timeoutMs;
  const traits = traitsOf(ruleset.name);
  const options = { ...gameOptions(ruleset, randomOptions ? rng : undefined, turnLimit), ...fixedOptions };
  const seed = `conformance-${SEED}-${ruleset.name}-${seats}-${randomOptions ? "r" : "d"}-${turnLimit ?? "full"}` +
    (fixedOptions ? "-x" : "") + (settings.tag ? `-${settings.tag}` : "");
  const names = Array.from({ length: seats }, (_, i) => `seat-${i + 1}`);
  const created = await operator.createGame(ruleset.name, names, { options, seed });
  const gameId = created.gameId;
  t.diagnostic(`game ${gameId}, options ${JSON.stringify(options)}, seed ${seed}`);
  assert.deepEqual(created.seats.map((s) => [s.seat, s.name]), names.map((n, i) => [i + 1, n]));
  assert.equal(created.seedCommitment, createHash("sha256").update(seed, "utf8").digest("hex"),
    "seed_commitment is sha256(seed)");
  assert.ok(created.version >= 1);

  const clients: Client[] = [];
  const viewers: Viewer[] = [...created.seats.map((s) => ({ name: `seat ${s.seat}`, seat: s.seat, token: s.token })),
    { name: "spectator", seat: 0, token: undefined }].map(({ name, seat, token }) => {
    const client = new Client(server.address, { token }); // one connection per seat
    clients.push(client);
    const viewer: Viewer = { name, seat, token, client, events: [], replied: [], exposures: [],
      streamDone: Promise.resolve() };
    viewer.streamDone = (async () => {
      for await (const event of client.streamEvents(gameId)) viewer.events.push(event);
    })();
    viewer.streamDone.catch(() => undefined);
    return viewer;
  });
  const seatViewers = viewers.slice(0, seats);
  let stats = { commands: 0, duplicates: 0, stale: 0, illegal: new Set<string>() };
  try {
    let version = created.version;
    let finalStatus: GetViewResponse["status"] = null;
    for (let step = 0; ; step++) {
      assert.ok(step <= maxCommands, `${ruleset.name}: no end after ${maxCommands} commands (options ${JSON.stringify(options)})`);
      assert.ok(Date.now() < deadline, `${ruleset.name}: no end after ${timeoutMs} ms`);
      const views = await Promise.all(viewers.map((v) => v.client.getView(gameId)));
      views.forEach((view, i) => {
        const viewer = viewers[i]!;
        assert.equal(view.version, version, `${viewer.name}: GetView version (nothing else moves the game)`);
        assert.equal(view.seat, viewer.seat, `${viewer.name}: GetView seat`);
        assert.equal(view.ruleset, ruleset.name);
        assert.deepEqual(view.status, views[0]!.status, `${viewer.name}: every viewer sees the same status`);
        viewer.exposures.push({ version, what: "GetView", data: [JSON.parse(view.viewJson), view.view] });
      });
      assert.equal(views[seats]!.legalCommands.length, 0, "a spectator has no legal commands");
      const status = views[0]!.status!;
      const isSeat = (seat: number) => Number.isInteger(seat) && seat >= 1 && seat <= seats;
      for (const [what, list] of [["winners", status.winners], ["to_act", status.toAct]] as const) {
        assert.ok(list.every(isSeat) && new Set(list).size === list.length,
          `${what} lists distinct seats of the game (status ${JSON.stringify(status)})`);
      }
      if (status.finished) {
        for (const view of views) assert.equal(view.legalCommands.length, 0, "a finished game has no legal commands");
        assert.deepEqual(status.toAct, [], "a finished game has nobody to act");
        finalStatus = status;
        break;
      }
      assert.deepEqual(status.winners, [], `a game under way has no winners yet (status ${JSON.stringify(status)})`);
      const seatViews = views.slice(0, seats);
      for (const seat of status.toAct) {
        assert.ok(seatViews[seat - 1]?.legalCommands.length, `seat ${seat} is in to_act but has no legal command`);
      }
      const able = seatViewers.filter((_, i) => seatViews[i]!.legalCommands.length > 0);
      assert.ok(able.length > 0, `nobody can act at version ${version} (status ${JSON.stringify(status)})`);
      // The kernel's own phases (seat randomness: every seat commits at once) are no game's turn.
      const kernelPhase = seatViews.some((v) => v.legalCommands.some((c) => describeCommand(c).ruleset === "kernel"));
      if (traits.oneSeatActs && !kernelPhase) {
        assert.equal(status.toAct.length, 1, `one seat acts at a time (status ${JSON.stringify(status)})`);
        assert.deepEqual(able.map((v) => v.seat), status.toAct,
          `only the seat in to_act has legal commands at version ${version} (status ${JSON.stringify(status)})`);
      }
      const waitedOn = able.filter((v) => status.toAct.includes(v.seat));
      const chosen = policy({ version, status, views: seatViews, able: able.map((v) => v.seat),
        waitedOn: waitedOn.map((v) => v.seat) }, rng);
      const actor = seatViewers[chosen.seat - 1]!;
      const cmd = chosen.command;
      if (policy !== randomPolicy) { // the random one picks from the list itself
        assert.ok(seatViews[chosen.seat - 1]!.legalCommands.some((c) => commandKey(c) === commandKey(cmd)),
          `the policy chose a command outside seat ${chosen.seat}'s legal list: ${formatCommand(cmd)}`);
      }

      if (step % PROBE_EVERY === 1) {
        await probeStale(actor, gameId, cmd, version);
        stats.stale += 2;
        const index = (step / PROBE_EVERY | 0) % seats;
        const rule = await probeIllegal(viewers, seatViews, index, gameId, ruleset.name, version, rng);
        if (rule) stats.illegal.add(rule);
      }

      const commandId = `conf-${step}-${randomUUID()}`;
      const where = `${ruleset.name} v${version} ${actor.name} ${formatCommand(cmd)}`;
      const reply = await actor.client.submitCommand(gameId, cmd, { commandId, expectedVersion: version });
      assert.equal(reply.duplicate, false, `${where}: a new command id is not a duplicate`);
      checkReply(reply.events, gameId, version, commandId, where);
      assert.equal(reply.version, version + reply.events.length, `${where}: reply version`);
      actor.replied.push(...reply.events);
      for (const event of reply.events) {
        actor.exposures.push({ version: event.seq, what: `reply event ${event.seq}`,
          data: [JSON.parse(event.payloadJson), event.event] });
      }
      stats.commands++;

      if (step % PROBE_EVERY === 0) {
        // The same command id again (as after a lost reply): the first result, nothing appended.
        for (const expectedVersion of [version, undefined]) {
          const again = await actor.client.submitCommand(gameId, cmd, { commandId, expectedVersion });
          assert.equal(again.duplicate, true, `${where}: a retried command id is a duplicate`);
          assert.equal(again.version, reply.version, `${where}: a retry appends nothing`);
          assert.deepEqual(again.events, reply.events, `${where}: a retry returns the first result`);
          stats.duplicates++;
        }
      }
      version = reply.version;
    }

    // Every stream ends by itself after a finished game's last event.
    await withTimeout(Promise.all(viewers.map((v) => v.streamDone)), STREAM_END_TIMEOUT_MS, "event streams");

    const exported = await operator.exportLog(gameId);
    const { header, lines } = parseLog(exported.logJsonl);
    assert.equal(header["format"], "tablerules-log");
    assert.equal(header["ruleset"], ruleset.name);
    assert.equal(lines.length, version, "the log holds every version");
    lines.forEach((line, i) => {
      assert.equal(line.seq, i + 1, "log seqs 1.. with no gap");
      assert.equal(line.prev_hash, i === 0 ? ZERO_HASH : lines[i - 1]!.hash, "log hash chain");
    });
    const last = lines[lines.length - 1]!;
    assert.equal(last.type, "SeedRevealed", "a finished game's log ends with SeedRevealed");
    assert.equal((last.payload as { seed?: string }).seed, seed, "the revealed seed is the game's seed");
    const full = new Map(lines.map((line) => [line.seq, line.payload] as const));

    for (const viewer of viewers) {
      const events = viewer.events;
      assert.equal(events.length, version, `${viewer.name}: the stream delivered every version once`);
      assert.deepEqual(await withTimeout(singly(server.address, gameId, viewer.token), STREAM_END_TIMEOUT_MS,
        "StreamEvents"), events,
        `${viewer.name}: StreamEvents (one event a message) sends what the batches sent`);
      // What a viewer received is one unbroken chain over public forms it can check itself.
      const chain = new ChainCheck();
      for (const event of events) chain.add(event);
      let redacted = 0;
      events.forEach((event, i) => {
        const line = lines[i]!;
        const where = `${viewer.name}, event ${i + 1}`;
        assert.equal(event.seq, i + 1, `${where}: stream seqs 1.. in order with no gap`);
        assert.equal(event.gameId, gameId);
        for (const [mine, theirs] of [[event.type, line.type], [event.rule, line.rule], [event.commandId, line.command_id],
          [event.hash, line.hash], [event.prevHash, line.prev_hash], [event.stateHash, line.state_hash],
          [event.secretDigest, line.secret_digest], [event.schema, line.schema]] as const) {
          assert.equal(mine, theirs, `${where}: envelope field differs from the log`);
        }
        assert.deepEqual(JSON.parse(event.publicPayloadJson), line.public ?? line.payload,
          `${where}: the public form differs from the log's`);
        const payload = JSON.parse(event.payloadJson) as unknown;
        const same = JSON.stringify(payload) === JSON.stringify(line.payload) ||
          (() => { try { assert.deepEqual(payload, line.payload); return true; } catch { return false; } })();
        assert.equal(event.redacted, !same, `${where} (${event.type}): redacted must be set exactly when the payload differs`);
        if (event.redacted) redacted++;
        assert.ok(event.event?.kind, `${where}: the typed event is set`);
      });
      const bySeq = new Map(events.map((e) => [e.seq, e] as const));
      for (const reply of viewer.replied) {
        assert.deepEqual(bySeq.get(reply.seq), reply, `${viewer.name}: its stream differs from its reply at ${reply.seq}`);
      }
      const { leaks, hiddenCount } = findLeaks(viewer.name, full,
        events.map((e) => ({ seq: e.seq, payload: JSON.parse(e.payloadJson), typed: e.event, redacted: e.redacted })),
        viewer.exposures);
      assert.deepEqual(leaks, [], `${viewer.name} received hidden cards`);
      t.diagnostic(`${viewer.name}: ${events.length} events, ${redacted} redacted, ${hiddenCount} hidden values, ` +
        `${viewer.exposures.length} views/replies/errors checked`);
    }
    if (ruleset.information === "INFORMATION_KIND_IMPERFECT") {
      assert.ok(viewers.some((v) => v.events.some((e) => e.redacted)),
        "an imperfect-information game hides something from somebody");
    } else if (ruleset.information === "INFORMATION_KIND_PERFECT") {
      for (const viewer of viewers) {
        const hidden = viewer.events.find((e) => e.redacted);
        assert.equal(hidden, undefined, `${viewer.name}: a perfect-information game hides nothing ` +
          `(event ${hidden?.seq} ${hidden?.type} is redacted)`);
      }
    }

    const winners = finalStatus!.winners;
    const everySeat = Array.from({ length: seats }, (_, i) => i + 1);
    const outcome: Outcome = winners.length === 0 ? (traits.cooperative ? "lost by all" : "no winner")
      : winners.length === seats ? "won by all" : "won by some";
    if (traits.cooperative) {
      assert.ok(winners.length === 0 || [...winners].sort((a, b) => a - b).join() === everySeat.join(),
        `a cooperative game is won by every seat or by none: winners ${JSON.stringify(winners)} of ${seats} seats`);
    }

    // Seats and spectators may export a finished game: the same log.
    for (const viewer of viewers) {
      const theirs = await viewer.client.exportLog(gameId);
      assert.equal(theirs.logJsonl, exported.logJsonl, `${viewer.name}: its export equals the operator's`);
    }
    const report = await operator.verifyLog({ gameId });
    assert.equal(report.ok, true, `VerifyLog: ${JSON.stringify(report.divergence)}`);
    assert.equal(report.rulesChecked, true);
    assert.equal(report.finished, true);
    assert.equal(Number(report.events), version);

    const dir = mkdtempSync(path.join(os.tmpdir(), "tablerules-conformance-"));
    try {
      const file = path.join(dir, `${ruleset.name}-${gameId}.jsonl`);
      writeFileSync(file, exported.logJsonl);
      const verify = spawnSync(server.cli, ["verify", file], { encoding: "utf8", timeout: 60_000 });
      assert.equal(verify.status, 0, `tablerules verify: ${verify.stdout}${verify.stderr}${verify.error ?? ""}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    t.diagnostic(`${ruleset.name} ${seats} seats: ${stats.commands} commands, ${version} events, ` +
      `${stats.duplicates} duplicate retries, ${stats.stale} stale probes, rules cited: ${[...stats.illegal].join(", ")}; ` +
      `${finalStatus?.summary} winners ${JSON.stringify(finalStatus?.winners)} (${outcome}); ${Date.now() - started} ms`);
    return { outcome, gameId, events: viewers[seats]!.events };
  } catch (error) {
    // Game ids are random and key the game's shuffles, so the seed alone cannot rebuild a
    // failed game: keep its log (the operator's export carries the seed) for `tablerules fork`.
    const kept = await keepLog(operator, gameId);
    t.diagnostic(`the failed game's log: ${kept}`);
    throw error;
  } finally {
    for (const client of clients) client.close();
  }
}

