/**
 * The tablerules client: one connection (a grpc-js channel) to a server, and
 * SeatClient for acting as one seat of one game.
 *
 *   const client = new Client("127.0.0.1:50051");
 *   const game = await client.createGame("armory", ["ann", "bob"]);
 *   const ann = client.seat(game.gameId, game.seats[0].token);
 *   const view = await ann.view();
 *   await ann.submit(view.legalCommands[0]);
 *   for await (const event of ann.stream()) console.log(event.seq, event.type, event.rule);
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";

import * as grpc from "@grpc/grpc-js";

import type { Command } from "./generated/tablerules/v1/Command";
import type { CreateGameResponse__Output } from "./generated/tablerules/v1/CreateGameResponse";
import type { EventBatch__Output } from "./generated/tablerules/v1/EventBatch";
import type { EventEnvelope__Output } from "./generated/tablerules/v1/EventEnvelope";
import type { ExportLogResponse__Output } from "./generated/tablerules/v1/ExportLogResponse";
import type { ForkGameResponse__Output } from "./generated/tablerules/v1/ForkGameResponse";
import type { GetViewResponse__Output } from "./generated/tablerules/v1/GetViewResponse";
import type { ImportLogResponse__Output } from "./generated/tablerules/v1/ImportLogResponse";
import type { OptionValue } from "./generated/tablerules/v1/OptionValue";
import type { ReplayLogResponse__Output } from "./generated/tablerules/v1/ReplayLogResponse";
import type { Report__Output } from "./generated/tablerules/v1/Report";
import type { Ruleset__Output } from "./generated/tablerules/v1/Ruleset";
import type { SubmitCommandRequest } from "./generated/tablerules/v1/SubmitCommandRequest";
import type { SubmitCommandResponse__Output } from "./generated/tablerules/v1/SubmitCommandResponse";
import type { TablerulesClient } from "./generated/tablerules/v1/Tablerules";
import { ProtocolError, TablerulesError, decodeError } from "./errors";
import { grpcPackage } from "./protos";

export type OptionInput = boolean | number | bigint | string;

/**
 * How failed calls are retried (the same as the Python client): only failures of the way
 * to the server (RETRYABLE_CODES: UNAVAILABLE, DEADLINE_EXCEEDED, CANCELLED that the
 * caller did not ask for), and only for calls whose repetition is harmless: listRulesets,
 * getView, exportLog, replayLog, verifyLog, and submitCommand with the same command_id.
 * createGame, importLog and forkGame are sent once (each may have made a game).
 */
export interface RetryPolicy {
  /** Attempts after the first one (default 4). */
  retries: number;
  /**
   * First back-off in ms, doubled each time up to maxDelayMs (defaults 100 and 2000);
   * each wait is between half and all of that, so that clients do not come back at once.
   */
  initialDelayMs: number;
  maxDelayMs: number;
}

export interface ClientOptions {
  /** Bearer token sent with every call unless a call names its own (a seat's or the operator's). */
  token?: string;
  /** Default: insecure (plaintext), as `tablerules serve` listens. */
  credentials?: grpc.ChannelCredentials;
  /** Deadline for each unary call in ms (default 30000). */
  deadlineMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Passed to the grpc-js client (channel arguments, interceptors). */
  grpcOptions?: grpc.ClientOptions;
}

export interface CallOptions {
  /** The token for this call; overrides the client's. */
  token?: string;
  deadlineMs?: number;
  signal?: AbortSignal;
}

export interface CreateGameOptions {
  /** Option values by name (see ListRulesets); numbers must be integers. */
  options?: Record<string, OptionInput>;
  /** The card set; empty: the ruleset's first content. */
  content?: string;
  /** A fixed seed: the operator's privilege (tests and reproductions), sent with the operator's token. */
  seed?: string;
}

export interface SubmitOptions extends CallOptions {
  /** The idempotency key; default: a fresh UUID. Every retry sends the same one. */
  commandId?: string;
  /** Accept the command only at this version (else StaleVersionError). */
  expectedVersion?: number;
  /** Overrides the client's retry policy for this command. */
  retry?: Partial<RetryPolicy>;
}

export interface StreamOptions {
  /** Events with seq > fromVersion are sent (default 0: the whole game). */
  fromVersion?: number;
  token?: string;
  /** Reconnect after a transport failure, from the last seq received (default true). */
  reconnect?: boolean;
  /** Consecutive failed reconnections before giving up (default 10). */
  maxReconnects?: number;
  /** Stops the stream (the iterator then ends without error). */
  signal?: AbortSignal;
  /** Called before each reconnection with the error and the version it resumes from. */
  onReconnect?: (error: TablerulesError, fromVersion: number) => void;
}

/** Where ReplayLog, VerifyLog and ForkGame read a log: inline text or a stored game. */
export type LogSource = { logJsonl: string } | { gameId: string };

/** Whole logs travel in one message (exportLog, importLog): lift gRPC's 4 MB default. */
const MESSAGE_LIMITS: grpc.ClientOptions = {
  "grpc.max_receive_message_length": 256 * 1024 * 1024,
  "grpc.max_send_message_length": 256 * 1024 * 1024,
};

const DEFAULT_RETRY: RetryPolicy = { retries: 4, initialDelayMs: 100, maxDelayMs: 2000 };

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    }
    signal?.addEventListener("abort", done, { once: true });
  });
}

function backoff(policy: RetryPolicy, attempt: number): number {
  const base = Math.min(policy.maxDelayMs, policy.initialDelayMs * 2 ** attempt);
  return base / 2 + Math.random() * (base / 2);
}

/** An OptionValue from a plain value (booleans, integers, strings). */
export function optionValue(value: OptionInput): OptionValue {
  if (typeof value === "boolean") return { boolValue: value };
  if (typeof value === "bigint") return { intValue: value.toString() };
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new RangeError(`option values are integers, not ${value}`);
    return { intValue: value };
  }
  return { stringValue: value };
}

/** The plain value of an OptionValue. */
export function plainOption(value: { boolValue?: boolean; intValue?: number | string | unknown; stringValue?: string;
  value?: string } | null | undefined): boolean | number | string | undefined {
  if (!value) return undefined;
  switch (value.value) {
    case "boolValue": return value.boolValue;
    case "intValue": return Number(value.intValue);
    case "stringValue": return value.stringValue;
    default: return undefined;
  }
}

export class Client {
  /** The generated grpc-js client, for anything this class does not wrap. */
  readonly raw: TablerulesClient;
  readonly address: string;
  private readonly token: string | undefined;
  private readonly deadlineMs: number;
  private readonly retryPolicy: RetryPolicy;
  /** Seat randomness values this client committed to, by game and token, until revealed. */
  private readonly randomness = new Map<string, string>();
  /**
   * Streams ask for several events a message; false once a server answered that
   * UNIMPLEMENTED (a server older than StreamEventBatches).
   */
  batches = true;
  /** Set by close(): a call that fails because of it is not retried. */
  private closed = false;

  constructor(address = "127.0.0.1:50051", options: ClientOptions = {}) {
    const Tablerules = grpcPackage().tablerules.v1.Tablerules;
    this.address = address;
    this.raw = new Tablerules(address, options.credentials ?? grpc.credentials.createInsecure(),
      { ...MESSAGE_LIMITS, ...options.grpcOptions });
    this.token = options.token;
    this.deadlineMs = options.deadlineMs ?? 30_000;
    this.retryPolicy = { ...DEFAULT_RETRY, ...options.retry };
  }

  close(): void {
    this.closed = true;
    this.raw.close();
  }

  /** A client for one seat of one game (the same connection). */
  seat(gameId: string, token: string): SeatClient {
    return new SeatClient(this, gameId, token);
  }

  metadata(token?: string): grpc.Metadata {
    const metadata = new grpc.Metadata();
    const chosen = token ?? this.token;
    if (chosen) metadata.set("authorization", `Bearer ${chosen}`);
    return metadata;
  }

  /** One unary call; failures are thrown as typed errors (errors.ts). */
  private unary<Req, Res>(method: string, request: Req, options: CallOptions = {}): Promise<Res> {
    const fn = (this.raw as unknown as Record<string, (req: Req, md: grpc.Metadata, opts: grpc.CallOptions,
      cb: (error: grpc.ServiceError | null, response?: Res) => void) => grpc.ClientUnaryCall>)[method];
    if (!fn) throw new Error(`no method ${method}`);
    return new Promise<Res>((resolve, reject) => {
      const call = fn.call(this.raw, request, this.metadata(options.token),
        { deadline: Date.now() + (options.deadlineMs ?? this.deadlineMs) },
        (error, response) => {
          options.signal?.removeEventListener("abort", cancel);
          if (error) reject(decodeError(error));
          else resolve(response as Res);
        });
      function cancel() {
        call.cancel();
      }
      options.signal?.addEventListener("abort", cancel, { once: true });
      if (options.signal?.aborted) cancel();
    });
  }

  /** A unary call retried after transport failures (for calls that are safe to repeat). */
  private async retried<Req, Res>(method: string, request: Req, options: CallOptions = {},
    policy: RetryPolicy = this.retryPolicy): Promise<Res> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.unary<Req, Res>(method, request, options);
      } catch (error) {
        const retryable = error instanceof TablerulesError && error.retryable;
        if (!retryable || attempt >= policy.retries || options.signal?.aborted || this.closed) throw error;
        await sleep(backoff(policy, attempt), options.signal);
      }
    }
  }

  /** Every game the server runs: seats, options with defaults and bounds, contents. */
  async listRulesets(options: CallOptions = {}): Promise<Ruleset__Output[]> {
    const response = await this.retried<object, { rulesets: Ruleset__Output[] }>("listRulesets", {}, options);
    return response.rulesets;
  }

  /** A new game; one token per seat (seat n is seats[n-1]). Not retried: a retry could create two games. */
  createGame(ruleset: string, seats: string[], create: CreateGameOptions = {},
    options: CallOptions = {}): Promise<CreateGameResponse__Output> {
    const request = {
      ruleset, seats, content: create.content ?? "", seed: create.seed ?? "",
      options: Object.fromEntries(Object.entries(create.options ?? {}).map(([k, v]) => [k, optionValue(v)])),
    };
    return this.unary("createGame", request, options);
  }

  /** The game as the caller sees it, with the caller's legal commands. */
  getView(gameId: string, options: CallOptions = {}): Promise<GetViewResponse__Output> {
    return this.retried("getView", { gameId }, options);
  }

  /**
   * Submits one command for the seat whose token is sent. Transport failures are
   * retried with the same command_id, so the command is applied at most once: a
   * retry of a command the server already accepted returns its first result with
   * `duplicate` set.
   */
  submitCommand(gameId: string, cmd: Command, options: SubmitOptions = {}): Promise<SubmitCommandResponse__Output> {
    const command = this.withRandomness(gameId, cmd, options.token ?? this.token ?? "");
    const request: SubmitCommandRequest = { gameId, commandId: options.commandId ?? randomUUID(), command };
    if (options.expectedVersion !== undefined) request.expectedVersion = options.expectedVersion;
    return this.retried("submitCommand", request, options, { ...this.retryPolicy, ...options.retry });
  }

  /**
   * The command with this seat's random value (or its commitment) filled in where the
   * legal command left it empty (a game with the seat_randomness option): the value is
   * made here, kept until it is revealed, and readable with randomnessOf().
   */
  private withRandomness(gameId: string, cmd: Command, token: string): Command {
    const kernel = (cmd as { kernel?: { commitRandomness?: { commitment?: string } | null;
      revealRandomness?: { value?: string } | null } | null }).kernel;
    const key = `${gameId}\u0000${token}`;
    if (kernel?.commitRandomness && !kernel.commitRandomness.commitment) {
      const value = this.randomness.get(key) ?? randomBytes(32).toString("hex");
      this.randomness.set(key, value);
      return { kernel: { commitRandomness: { commitment: createHash("sha256").update(value, "utf8").digest("hex") } } };
    }
    if (kernel?.revealRandomness && !kernel.revealRandomness.value) {
      const value = this.randomness.get(key);
      if (value === undefined) {
        throw new Error("this seat's random value is not known to this client: call setRandomness() with the value " +
          "it committed to");
      }
      return { kernel: { revealRandomness: { value } } };
    }
    return cmd;
  }

  /** The random value this client committed to for a seat (keep it if the program may restart before revealing). */
  randomnessOf(gameId: string, token?: string): string | undefined {
    return this.randomness.get(`${gameId}\u0000${token ?? this.token ?? ""}`);
  }

  /** Restores a seat's committed random value (see randomnessOf). */
  setRandomness(gameId: string, value: string, token?: string): void {
    this.randomness.set(`${gameId}\u0000${token ?? this.token ?? ""}`, value);
  }

  /**
   * Events with seq > fromVersion, in order: catch-up, then live. Ends after a
   * finished game's last event. They come several to a message (StreamEventBatches),
   * or one a message (StreamEvents) from a server older than that. After a dropped
   * connection it reconnects from the last seq received, so no event is skipped or
   * repeated; a server that skips or repeats one raises ProtocolError.
   */
  async *streamEvents(gameId: string, options: StreamOptions = {}): AsyncGenerator<EventEnvelope__Output, void> {
    let last = options.fromVersion ?? 0;
    const reconnect = options.reconnect ?? true;
    const maxReconnects = options.maxReconnects ?? 10;
    let failures = 0;
    while (!options.signal?.aborted) {
      const batched = this.batches;
      const request = { gameId, fromVersion: last };
      const metadata = this.metadata(options.token);
      const call = batched ? this.raw.streamEventBatches(request, metadata) : this.raw.streamEvents(request, metadata);
      call.on("error", () => undefined); // errors are read through the iterator below
      const abort = () => call.cancel();
      options.signal?.addEventListener("abort", abort, { once: true });
      try {
        for await (const message of call as AsyncIterable<EventBatch__Output | EventEnvelope__Output>) {
          const envelopes = batched ? (message as EventBatch__Output).events : [message as EventEnvelope__Output];
          for (const envelope of envelopes) {
            if (envelope.seq !== last + 1) {
              throw new ProtocolError(`stream of ${gameId}: expected seq ${last + 1}, got ${envelope.seq}`);
            }
            last = envelope.seq;
            failures = 0;
            yield envelope;
          }
        }
        return;
      } catch (raw) {
        if (options.signal?.aborted) return;
        const error = decodeError(raw);
        if (batched && error instanceof TablerulesError && error.code === grpc.status.UNIMPLEMENTED) {
          this.batches = false; // nothing was sent: the same request again, one event a message
          continue;
        }
        if (!reconnect || !(error instanceof TablerulesError) || !error.retryable || failures >= maxReconnects ||
          this.closed) {
          throw error;
        }
        options.onReconnect?.(error, last);
        await sleep(backoff(this.retryPolicy, failures++), options.signal);
      } finally {
        options.signal?.removeEventListener("abort", abort);
        call.cancel();
      }
    }
  }

  /** The log file (docs/log-format.md). Operator: any time; seats and spectators: once finished. */
  exportLog(gameId: string, options: CallOptions = {}): Promise<ExportLogResponse__Output> {
    return this.retried("exportLog", { gameId }, options);
  }

  /** Verifies a log and stores it as a new game. */
  importLog(logJsonl: string, options: CallOptions = {}): Promise<ImportLogResponse__Output> {
    return this.unary("importLog", { logJsonl }, options);
  }

  /** Folds a log into its state (hashes checked, rules not); `upto` stops early. */
  replayLog(source: LogSource, upto = 0, options: CallOptions = {}): Promise<ReplayLogResponse__Output> {
    return this.retried("replayLog", { ...source, upto }, options);
  }

  /** Re-decides every command of a log with its revealed seed. */
  async verifyLog(source: LogSource, options: CallOptions = {}): Promise<Report__Output> {
    const response = await this.retried<object, { report: Report__Output }>("verifyLog", { ...source }, options);
    return response.report;
  }

  /** A new live game from the first `at` events of a log that carries its seed. */
  forkGame(source: LogSource, at: number, options: CallOptions = {}): Promise<ForkGameResponse__Output> {
    return this.unary("forkGame", { ...source, at }, options);
  }
}

/** A client acting for one seat of one game. */
export class SeatClient {
  constructor(readonly client: Client, readonly gameId: string, readonly token: string) {}

  view(options: CallOptions = {}): Promise<GetViewResponse__Output> {
    return this.client.getView(this.gameId, { token: this.token, ...options });
  }

  submit(cmd: Command, options: SubmitOptions = {}): Promise<SubmitCommandResponse__Output> {
    return this.client.submitCommand(this.gameId, cmd, { token: this.token, ...options });
  }

  stream(options: StreamOptions = {}): AsyncGenerator<EventEnvelope__Output, void> {
    return this.client.streamEvents(this.gameId, { token: this.token, ...options });
  }

  exportLog(options: CallOptions = {}): Promise<ExportLogResponse__Output> {
    return this.client.exportLog(this.gameId, { token: this.token, ...options });
  }
}
