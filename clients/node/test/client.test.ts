/**
 * The client against a real server: typed errors, retries that reuse the
 * command_id, stream resumption after a dropped connection, log calls, and the
 * example bot playing every listed ruleset to the end.
 */
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import path from "node:path";
import { after, before, describe, test } from "node:test";

import * as grpc from "@grpc/grpc-js";

import {
  Client,
  InvalidArgumentError,
  NotFoundError,
  PermissionDeniedError,
  RuleError,
  TablerulesError,
  UnauthenticatedError,
  UnavailableError,
  command,
  commandTypes,
  formatCommand,
  type EventEnvelope,
  type Ruleset,
  grpcPackage,
} from "../src";
import type { EventEnvelope as EventEnvelopeMessage } from "../src/generated/tablerules/v1/EventEnvelope";
import type { StreamEventsRequest__Output } from "../src/generated/tablerules/v1/StreamEventsRequest";
import { firstGame } from "../examples/first-game";
import { playSome, playToEnd } from "./support/driver";
import { startProxy } from "./support/proxy";
import { Rng, suiteSeed } from "./support/rng";
import { startServer, type RunningServer } from "./support/server";

const SEED = suiteSeed();
let server: RunningServer;
let operator: Client;
let rulesets: Ruleset[];

function smallGame(ruleset: Ruleset): Record<string, number> {
  return ruleset.options.some((o) => o.name === "turn_limit") ? { turn_limit: 6 } : {};
}

async function newGame(name = rulesets[0]!.name, seats?: number) {
  const ruleset = rulesets.find((r) => r.name === name)!;
  const names = Array.from({ length: seats ?? ruleset.minSeats }, (_, i) => `p${i + 1}`);
  const game = await operator.createGame(name, names, { options: smallGame(ruleset) });
  const clients = game.seats.map((s) => new Client(server.address, { token: s.token }));
  return { game, clients, close: () => clients.forEach((c) => c.close()) };
}

before(async () => {
  server = await startServer();
  operator = new Client(server.address, { token: server.operatorToken });
  rulesets = await operator.listRulesets();
});

after(async () => {
  operator?.close();
  await server?.stop();
});

describe("typed errors from the server", () => {
  test("unknown ruleset: InvalidArgumentError naming the field", async () => {
    await assert.rejects(operator.createGame("no-such-game", ["a", "b"]), (e: unknown) => {
      assert.ok(e instanceof InvalidArgumentError, String(e));
      assert.equal(e.code, grpc.status.INVALID_ARGUMENT);
      assert.equal(e.field, "ruleset");
      assert.ok(e.badRequest?.fieldViolations[0]?.description);
      return true;
    });
  });

  test("wrong number of seats and unknown options: InvalidArgumentError", async () => {
    const r = rulesets[0]!;
    const tooMany = Array.from({ length: r.maxSeats + 1 }, (_, i) => `p${i}`);
    await assert.rejects(operator.createGame(r.name, tooMany),
      (e: unknown) => e instanceof InvalidArgumentError && e.field === "seats");
    await assert.rejects(operator.createGame(r.name, ["a", "b"], { options: { "no-such-option": true } }),
      (e: unknown) => e instanceof InvalidArgumentError && e.field === "options");
  });

  test("unknown game: NotFoundError", async () => {
    await assert.rejects(operator.getView("00000000-0000-0000-0000-000000000000"),
      (e: unknown) => e instanceof NotFoundError && e.code === grpc.status.NOT_FOUND);
  });

  test("a token of no seat: UnauthenticatedError; a spectator submitting: PermissionDeniedError", async () => {
    const { game, close } = await newGame();
    try {
      const stranger = new Client(server.address, { token: "not-a-token" });
      await assert.rejects(stranger.getView(game.gameId), (e: unknown) => e instanceof UnauthenticatedError);
      stranger.close();
      const spectator = new Client(server.address);
      const view = await operator.seat(game.gameId, game.seats[0]!.token).view();
      const anyCommand = view.legalCommands[0] ?? command(view.ruleset, "Pass");
      await assert.rejects(spectator.submitCommand(game.gameId, anyCommand),
        (e: unknown) => e instanceof PermissionDeniedError);
      // Seats and spectators may not export an unfinished game.
      await assert.rejects(spectator.exportLog(game.gameId), (e: unknown) => e instanceof PermissionDeniedError);
      await assert.rejects(operator.seat(game.gameId, game.seats[0]!.token).exportLog(),
        (e: unknown) => e instanceof PermissionDeniedError);
      spectator.close();
    } finally {
      close();
    }
  });

  test("an empty command id and another game's command: InvalidArgumentError", async () => {
    const { game, clients, close } = await newGame();
    try {
      const views = await Promise.all(clients.map((c) => c.getView(game.gameId)));
      const i = views.findIndex((v) => v.legalCommands.length > 0);
      await assert.rejects(clients[i]!.submitCommand(game.gameId, views[i]!.legalCommands[0]!, { commandId: "" }),
        (e: unknown) => e instanceof InvalidArgumentError && e.field === "command_id");
      const other = rulesets.find((r) => r.name !== views[i]!.ruleset);
      if (other) {
        const foreign = command(other.name, commandTypes(other.name)[0]!);
        await assert.rejects(clients[i]!.submitCommand(game.gameId, foreign),
          (e: unknown) => e instanceof InvalidArgumentError && e.field === "command");
      }
    } finally {
      close();
    }
  });

  test("an illegal command: RuleError naming the rule; nothing appended", async () => {
    const { game, clients, close } = await newGame();
    try {
      const views = await Promise.all(clients.map((c) => c.getView(game.gameId)));
      const waiting = views.findIndex((v) => v.legalCommands.length === 0);
      const acting = views.findIndex((v) => v.legalCommands.length > 0);
      assert.ok(waiting >= 0 && acting >= 0, "at the start one seat acts and one waits");
      const cmd = views[acting]!.legalCommands[0]!;
      await assert.rejects(clients[waiting]!.submitCommand(game.gameId, cmd), (e: unknown) => {
        assert.ok(e instanceof RuleError, String(e));
        assert.equal(e.code, grpc.status.FAILED_PRECONDITION);
        assert.match(e.rule, new RegExp(`^${views[0]!.ruleset} `));
        assert.equal(e.message, `FAILED_PRECONDITION: ${e.rule}: ${e.description}`);
        return true;
      });
      assert.equal((await operator.getView(game.gameId)).version, views[0]!.version);
    } finally {
      close();
    }
  });
});

describe("retries", () => {
  test("a lost reply is retried with the same command_id: applied once, reply marked duplicate", async () => {
    const { game, clients, close } = await newGame();
    let dropped = 0;
    // Lets the first SubmitCommand reach the server, then loses its reply (as a broken connection would).
    const loseFirstReply: grpc.Interceptor = (options, nextCall) => {
      if (!options.method_definition.path.endsWith("/SubmitCommand") || dropped > 0) {
        return new grpc.InterceptingCall(nextCall(options));
      }
      dropped++;
      return new grpc.InterceptingCall(nextCall(options), {
        start(metadata, _listener, next) {
          next(metadata, {
            // Lost: nothing reaches the caller (grpc-js needs the hand-over to deliver the status).
            onReceiveMessage(_message, nextMessage) { nextMessage(undefined); },
            onReceiveStatus(_status, nextStatus) {
              nextStatus({ code: grpc.status.UNAVAILABLE, details: "reply lost (test)", metadata: new grpc.Metadata() });
            },
          });
        },
      });
    };
    try {
      const views = await Promise.all(clients.map((c) => c.getView(game.gameId)));
      const i = views.findIndex((v) => v.legalCommands.length > 0);
      const flaky = new Client(server.address, {
        token: game.seats[i]!.token, grpcOptions: { interceptors: [loseFirstReply] },
        retry: { initialDelayMs: 10 },
      });
      const reply = await flaky.submitCommand(game.gameId, views[i]!.legalCommands[0]!,
        { commandId: "retry-me", expectedVersion: views[i]!.version });
      flaky.close();
      assert.equal(dropped, 1);
      assert.equal(reply.duplicate, true, "the retry found the first attempt's result");
      assert.equal(reply.events[0]!.seq, views[i]!.version + 1);
      const log = (await operator.exportLog(game.gameId)).logJsonl.trim().split("\n").slice(1)
        .map((line) => JSON.parse(line) as { command_id: string; seq: number });
      assert.deepEqual(log.filter((e) => e.command_id === "retry-me").map((e) => e.seq), reply.events.map((e) => e.seq),
        "the command was appended once");
      assert.equal(log.length, reply.version);
    } finally {
      close();
    }
  });

  test("a later retry of a command id returns the first result and appends nothing", async () => {
    const { game, clients, close } = await newGame();
    try {
      const act = async () => {
        const views = await Promise.all(clients.map((c) => c.getView(game.gameId)));
        const i = views.findIndex((v) => v.legalCommands.length > 0);
        return { client: clients[i]!, view: views[i]! };
      };
      const a = await act();
      const first = await a.client.submitCommand(game.gameId, a.view.legalCommands[0]!, { commandId: "early" });
      const b = await act();
      const second = await b.client.submitCommand(game.gameId, b.view.legalCommands[0]!);
      const again = await a.client.submitCommand(game.gameId, a.view.legalCommands[0]!, { commandId: "early" });
      assert.equal(again.duplicate, true);
      assert.deepEqual(again.events, first.events, "the first result's events");
      assert.equal((await operator.getView(game.gameId)).version, second.version, "nothing appended");
    } finally {
      close();
    }
  });

  test("a later retry reports the first result's version", async () => {
    const { game, clients, close } = await newGame();
    try {
      const views = await Promise.all(clients.map((c) => c.getView(game.gameId)));
      const i = views.findIndex((v) => v.legalCommands.length > 0);
      const first = await clients[i]!.submitCommand(game.gameId, views[i]!.legalCommands[0]!, { commandId: "v" });
      const next = await Promise.all(clients.map((c) => c.getView(game.gameId)));
      const j = next.findIndex((v) => v.legalCommands.length > 0);
      await clients[j]!.submitCommand(game.gameId, next[j]!.legalCommands[0]!);
      const again = await clients[i]!.submitCommand(game.gameId, views[i]!.legalCommands[0]!, { commandId: "v" });
      assert.equal(again.version, first.version);
    } finally {
      close();
    }
  });

  test("a command id reused by another seat: InvalidArgumentError on command_id, nothing appended", async () => {
    // ARMORY: no game of it ends in its first turns (an Army of Darkness game could, leaving no command to send).
    const { game, clients, close } = await newGame("armory");
    try {
      const views = await Promise.all(clients.map((c) => c.getView(game.gameId)));
      const i = views.findIndex((v) => v.legalCommands.length > 0);
      const first = await clients[i]!.submitCommand(game.gameId, views[i]!.legalCommands[0]!, { commandId: "taken" });
      // Play on until another seat may act, then let it send the same id.
      for (let step = 0; step < 50; step++) {
        const next = await Promise.all(clients.map((c) => c.getView(game.gameId)));
        const j = next.findIndex((v, k) => k !== i && v.legalCommands.length > 0);
        if (j >= 0) {
          const version = next[j]!.version;
          await assert.rejects(clients[j]!.submitCommand(game.gameId, next[j]!.legalCommands[0]!, { commandId: "taken" }),
            (e: unknown) => e instanceof InvalidArgumentError && e.field === "command_id");
          assert.equal((await operator.getView(game.gameId)).version, version, "nothing appended");
          return;
        }
        await clients[i]!.submitCommand(game.gameId, next[i]!.legalCommands[0]!);
      }
      assert.fail(`no other seat than ${i + 1} could act after version ${first.version}`);
    } finally {
      close();
    }
  });

  test("calls safe to repeat are retried after UNAVAILABLE, DEADLINE_EXCEEDED and CANCELLED; those that make a game are not",
    async () => {
      // A replica that shuts down answers UNAVAILABLE, or CANCELLED from gRPC itself when the call
      // reaches it as it stops (docs/operations.md, Draining a replica). The failures are made here,
      // before the calls leave, so that the server sees only the attempt that is let through.
      const { game, clients, close } = await newGame("armory");
      const log = (await operator.exportLog(game.gameId)).logJsonl;
      const quick = { retries: 2, initialDelayMs: 1, maxDelayMs: 5 };
      try {
        for (const code of [grpc.status.UNAVAILABLE, grpc.status.DEADLINE_EXCEEDED, grpc.status.CANCELLED]) {
          const views = await Promise.all(clients.map((c) => c.getView(game.gameId)));
          const i = views.findIndex((v) => v.legalCommands.length > 0);
          const attempts = new Map<string, number>();
          const commandIds: string[] = [];
          const failFirst: grpc.Interceptor = (options, nextCall) => {
            const method = options.method_definition.path.split("/").pop()!;
            const attempt = (attempts.get(method) ?? 0) + 1;
            attempts.set(method, attempt);
            return new grpc.InterceptingCall(nextCall(options), {
              start(metadata, listener, next) {
                if (attempt > quick.retries) return next(metadata, listener);
                setImmediate(() => listener.onReceiveStatus({ code, details: "injected (test)", metadata: new grpc.Metadata() }));
              },
              sendMessage(message, next) {
                if (method === "SubmitCommand") commandIds.push((message as { commandId: string }).commandId);
                if (attempt > quick.retries) next(message);
              },
              halfClose(next) {
                if (attempt > quick.retries) next();
              },
            });
          };
          const flaky = new Client(server.address, {
            token: server.operatorToken, grpcOptions: { interceptors: [failFirst] }, retry: quick,
          });
          const seat = flaky.seat(game.gameId, game.seats[i]!.token);
          const name = grpc.status[code];
          await flaky.listRulesets();
          const view = await seat.view();
          await flaky.exportLog(game.gameId);
          await flaky.replayLog({ gameId: game.gameId });
          await flaky.verifyLog({ logJsonl: log });
          const reply = await seat.submit(view.legalCommands[0]!, { expectedVersion: view.version });
          for (const method of ["ListRulesets", "GetView", "ExportLog", "ReplayLog", "VerifyLog", "SubmitCommand"]) {
            assert.equal(attempts.get(method), quick.retries + 1, `${name}: ${method} is retried`);
          }
          assert.equal(new Set(commandIds).size, 1, `${name}: every attempt of a command sends its command_id`);
          assert.equal(reply.duplicate, false, `${name}: the command was sent to the server once`);
          for (const [method, send] of [
            ["CreateGame", () => flaky.createGame("armory", ["a", "b"])],
            ["ImportLog", () => flaky.importLog(log)],
            ["ForkGame", () => flaky.forkGame({ gameId: game.gameId }, 1)],
          ] as const) {
            await assert.rejects(send(), (e: unknown) => e instanceof TablerulesError && e.code === code);
            assert.equal(attempts.get(method), 1, `${name}: ${method} is sent once`);
          }
          flaky.close();
        }
      } finally {
        close();
      }
    });

  test("a call its caller cancelled is not retried", async () => {
    let attempts = 0;
    const counted: grpc.Interceptor = (options, nextCall) => {
      attempts++;
      return new grpc.InterceptingCall(nextCall(options));
    };
    const client = new Client(server.address, { grpcOptions: { interceptors: [counted] }, retry: { initialDelayMs: 1 } });
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(client.listRulesets({ signal: controller.signal }),
      (e: unknown) => e instanceof TablerulesError && e.code === grpc.status.CANCELLED);
    assert.equal(attempts, 1);
    client.close();
  });

  test("an unreachable server: UnavailableError after the bounded retries", async () => {
    const proxy = await startProxy("127.0.0.1:1");
    const address = proxy.address;
    await proxy.close(); // nothing listens there any more
    const client = new Client(address, { retry: { retries: 2, initialDelayMs: 10 }, deadlineMs: 2000 });
    const started = Date.now();
    await assert.rejects(client.listRulesets(), (e: unknown) => e instanceof UnavailableError && e.retryable);
    assert.ok(Date.now() - started < 10_000);
    client.close();
  });
});

describe("streams", () => {
  test("resume from the last version after dropped connections: every event once, in order", async () => {
    const { game, clients, close } = await newGame();
    const proxy = await startProxy(server.address);
    const watcher = new Client(proxy.address, { token: game.seats[0]!.token, retry: { initialDelayMs: 20 } });
    const received: EventEnvelope[] = [];
    const resumedFrom: number[] = [];
    const rng = new Rng(SEED);
    // Waits (bounded) until the watcher holds every event up to `version`.
    const caughtUp = async (version: number) => {
      for (let waited = 0; received.length < version && waited < 10_000; waited += 10) {
        await new Promise((r) => setTimeout(r, 10));
      }
      assert.equal(received.length, version, `the watcher received every event up to ${version}`);
    };
    try {
      const streaming = (async () => {
        for await (const event of watcher.streamEvents(game.gameId, {
          onReconnect: (_error, from) => resumedFrom.push(from),
        })) {
          received.push(event);
        }
      })();
      // Each round: the watcher is up to date, its connection drops, and commands land
      // while it is down; the next round's catch-up proves it resumed where it stopped.
      let played = { version: game.version, finished: false };
      for (let round = 0; round < 3 && !played.finished; round++) {
        await caughtUp(played.version);
        assert.ok(proxy.dropAll() > 0, "the watcher's connection was open");
        played = await playSome(clients, game.gameId, rng, 3);
      }
      const final = await playToEnd(clients, game.gameId, rng);
      await streaming;
      assert.ok(resumedFrom.length >= 1, "the connection was dropped and the stream resumed");
      assert.deepEqual(received.map((e) => e.seq), Array.from({ length: final }, (_, k) => k + 1));
    } finally {
      watcher.close();
      await proxy.close();
      close();
    }
  });

  test("a server older than StreamEventBatches: the stream takes one event a message", async () => {
    // Its only method is StreamEvents (events up to version 3): grpc-js answers any other UNIMPLEMENTED.
    const older = new grpc.Server();
    older.addService(grpcPackage().tablerules.v1.Tablerules.service, {
      streamEvents: (call: grpc.ServerWritableStream<StreamEventsRequest__Output, EventEnvelopeMessage>) => {
        for (let seq = call.request.fromVersion + 1; seq <= 3; seq++) call.write({ gameId: call.request.gameId, seq });
        call.end();
      },
    });
    const port = await new Promise<number>((resolve, reject) => older.bindAsync("127.0.0.1:0",
      grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))));
    const client = new Client(`127.0.0.1:${port}`);
    const seqs = async (fromVersion: number) => {
      const seen: number[] = [];
      for await (const event of client.streamEvents("g", { fromVersion, reconnect: false })) seen.push(event.seq);
      return seen;
    };
    try {
      assert.deepEqual(await seqs(1), [2, 3]);
      assert.equal(client.batches, false, "and it asks the same way from then on");
      assert.deepEqual(await seqs(0), [1, 2, 3]);
    } finally {
      client.close();
      older.forceShutdown();
    }
  });

  test("fromVersion: only later events; an aborted stream ends quietly", async () => {
    const { game, close } = await newGame();
    try {
      const seen: number[] = [];
      for await (const event of operator.streamEvents(game.gameId, { fromVersion: 2 })) {
        seen.push(event.seq);
        if (event.seq === game.version) break;
      }
      assert.deepEqual(seen, Array.from({ length: game.version - 2 }, (_, k) => k + 3));
      const stop = new AbortController();
      const live: number[] = [];
      const watching = (async () => {
        for await (const event of operator.streamEvents(game.gameId, { signal: stop.signal })) live.push(event.seq);
      })();
      for (let waited = 0; live.length < game.version && waited < 10_000; waited += 20) {
        await new Promise((r) => setTimeout(r, 20));
      }
      await new Promise((r) => setTimeout(r, 100)); // nothing more comes: the game waits on a seat
      stop.abort();
      await watching;
      assert.equal(live.length, game.version);
    } finally {
      close();
    }
  });
});

describe("logs", () => {
  test("export, verify, replay, fork and import", async () => {
    const { game, clients, close } = await newGame();
    try {
      const final = await playToEnd(clients, game.gameId, new Rng(SEED + 1));
      const exported = await clients[0]!.exportLog(game.gameId);
      assert.equal(exported.includesSeed, false, "a finished game's seed is in its last event, not the header");
      const report = await operator.verifyLog({ logJsonl: exported.logJsonl });
      assert.equal(report.ok, true);
      assert.equal(report.rulesChecked, true);
      const replay = await operator.replayLog({ gameId: game.gameId }, 0);
      assert.equal(replay.report?.ok, true);
      assert.equal(replay.status?.finished, true);
      const early = await operator.replayLog({ logJsonl: exported.logJsonl }, game.version);
      assert.equal(early.status?.finished, false);
      const fork = await operator.forkGame({ logJsonl: exported.logJsonl }, game.version);
      assert.equal(fork.version, game.version);
      assert.equal(fork.seats.length, game.seats.length);
      const imported = await operator.importLog(exported.logJsonl);
      assert.equal(imported.version, final);
      assert.equal(imported.finished, true);
      // A tampered log does not import: FAILED_PRECONDITION (a RuleError citing "log").
      const lines = exported.logJsonl.trim().split("\n");
      const tampered = [...lines.slice(0, -2), lines[lines.length - 1]!].join("\n") + "\n";
      await assert.rejects(operator.importLog(tampered),
        (e: unknown) => (e instanceof RuleError) || e instanceof InvalidArgumentError);
    } finally {
      close();
    }
  });
});

test("examples/first-game.ts, the README's first program, plays a move and tells its events", async () => {
  const lines: string[] = [];
  await firstGame(server.address, (line) => lines.push(line));
  const text = lines.join("\n");
  assert.match(text, /^game [0-9a-f-]{36}$/m);
  assert.match(text, /^Turn 1: .* turn, playing turn cards/m);
  assert.match(text, /^ {2}1 A game of ARMORY \(3\.0\.0\) is created for ann and bob\.$/m);
  assert.match(text, /^ {2}\d .* draws 7 cards as a starting hand\.$/m, "bob's hand is hidden from ann: a count");
});

describe("examples/bot.ts", () => {
  test("one bot process per seat plays every listed ruleset to the end", { timeout: 180_000 }, async (t) => {
    const bot = path.resolve(__dirname, "..", "examples", "bot.js");
    for (const ruleset of rulesets) {
      const { game, close } = await newGame(ruleset.name);
      close();
      const runs = game.seats.map((seat) => new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, [bot, "--address", server.address, "--game", game.gameId,
          "--token", seat.token, "--seed", String(SEED + seat.seat), "--quiet"], { stdio: ["ignore", "pipe", "pipe"] });
        let out = "";
        child.stdout.on("data", (d: Buffer) => (out += d.toString()));
        child.stderr.on("data", (d: Buffer) => (out += d.toString()));
        const timer = setTimeout(() => child.kill("SIGTERM"), 120_000);
        child.on("exit", (code) => {
          clearTimeout(timer);
          if (code === 0) resolve(out.trim());
          else reject(new Error(`bot for seat ${seat.seat} exited ${code}: ${out}`));
        });
      }));
      const outputs = await Promise.all(runs);
      const view = await operator.getView(game.gameId);
      assert.equal(view.status?.finished, true, `${ruleset.name}: the bots finished the game`);
      outputs.forEach((line, i) => assert.match(line, new RegExp(`^seat ${i + 1}: finished`)));
      t.diagnostic(`${ruleset.name}: ${outputs.join(" | ")}`);
    }
  });
});

test("formatCommand and the server agree on commands", async () => {
  const { game, clients, close } = await newGame();
  try {
    const view = await clients[0]!.getView(game.gameId);
    for (const cmd of view.legalCommands) assert.match(formatCommand(cmd), new RegExp(`^${view.ruleset} [A-Z]`));
  } finally {
    close();
  }
});
