/**
 * Checking the hash chain of the events a viewer receives (docs/log-format.md).
 *
 * Each envelope's hash covers the previous hash, the event's public form (the payload
 * as a spectator sees it) and a keyed digest of the rest, so a seat or a spectator can
 * check that what it received is one unbroken chain, and once the game has finished
 * that it matches the full log event for event, without being able to test guesses
 * about what was hidden from it.
 */
import { createHash } from "node:crypto";

import type { EventEnvelope__Output } from "./generated/tablerules/v1/EventEnvelope";

export const GENESIS_HASH = "0".repeat(64);

/**
 * Canonical JSON: keys sorted, no spaces, UTF-8; integers only (tablerules' hashes are
 * over it). Equal values give equal strings; members whose value is undefined are left
 * out, as JSON.stringify leaves them.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === "boolean" || typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new RangeError(`canonical JSON has integers only, not ${value}`);
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  throw new TypeError(`cannot encode a ${typeof value} as canonical JSON`);
}

type ChainFields = Pick<EventEnvelope__Output, "seq" | "type" | "rule" | "commandId" | "schema" | "stateHash" |
  "prevHash" | "secretDigest" | "publicPayloadJson">;

/** The hash an EventEnvelope must carry, computed from its public fields. */
export function envelopeHash(envelope: ChainFields): string {
  const body = {
    prev_hash: envelope.prevHash,
    public: {
      command_id: envelope.commandId,
      payload: JSON.parse(envelope.publicPayloadJson) as unknown,
      rule: envelope.rule,
      schema: Number(envelope.schema),
      seq: Number(envelope.seq),
      state_hash: envelope.stateHash,
      type: envelope.type,
    },
    secret_digest: envelope.secretDigest,
  };
  return createHash("sha256").update(canonicalJson(body), "utf8").digest("hex");
}

export class BrokenChainError extends Error {
  constructor(readonly seq: number, readonly reason: string) {
    super(`event ${seq}: ${reason}`);
    this.name = "BrokenChainError";
  }
}

/**
 * Follows envelopes in order from `after` (the version a stream started after, whose
 * hash is `previous`): each must be the next seq, link to the one before and carry the
 * hash of its own public form.
 */
export class ChainCheck {
  constructor(private seq = 0, private previous = GENESIS_HASH) {}

  add(envelope: ChainFields & { hash: string }): void {
    const seq = Number(envelope.seq);
    if (seq !== this.seq + 1) throw new BrokenChainError(seq, `expected event ${this.seq + 1}`);
    if (envelope.prevHash !== this.previous) throw new BrokenChainError(seq, "prev_hash is not the previous event's hash");
    if (envelopeHash(envelope) !== envelope.hash) {
      throw new BrokenChainError(seq, "the hash does not match the event's public form");
    }
    this.seq = seq;
    this.previous = envelope.hash;
  }
}
