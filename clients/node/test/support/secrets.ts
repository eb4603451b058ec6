/**
 * The generic hidden-information check ("no seat ever receives another seat's
 * hidden cards"), for any game, from the full log and what one viewer received.
 *
 * The server redacts an event for a viewer by blanking fields (another seat's drawn
 * cards, a shuffled order). Comparing the viewer's copy of each event with the full
 * event (the operator's export) tells exactly which values were hidden from that
 * viewer, and when:
 *
 *  1. hidden(e) = the string leaves of the full payload whose value the viewer's copy
 *     does not have at the same place. (Card ids in every game: unique per physical
 *     card, e.g. "1.07", "c47", "mini-ash-1".) shown(e) = every string leaf of the
 *     viewer's copy, JSON payload and typed event alike.
 *  2. Within one event: hidden(e) and shown(e) must not meet (a value blanked in one
 *     field and copied into another, or into the typed event, is a leak).
 *  3. Over time, walking the events in order: a value becomes secret from the viewer
 *     when an event hides it, and stops being secret when an event shows it to the
 *     viewer (the card was played face up, drawn by the viewer, revealed to him...).
 *     Everything else the viewer received at version v (its views, the messages of
 *     errors it got) must contain no value that is secret from it at v.
 *
 * This needs no knowledge of any game's zones or card names, so a new game is
 * checked by being listed. It is sound for what it checks: every value it flags was
 * hidden from the viewer by the server's own redaction and not shown to him since.
 * (A server that never redacts anything passes it vacuously; the suite separately
 * asserts that events the viewer did not see in full are marked `redacted`.)
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** String leaves of `full` whose value is not at the same place in `seen`. */
export function hiddenValues(full: unknown, seen: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof full === "string") {
    if (full !== "" && seen !== full) into.add(full);
  } else if (Array.isArray(full)) {
    full.forEach((item, i) => hiddenValues(item, Array.isArray(seen) ? seen[i] : undefined, into));
  } else if (full !== null && typeof full === "object") {
    const other = seen !== null && typeof seen === "object" && !Array.isArray(seen) ? seen as Record<string, unknown> : {};
    for (const [key, value] of Object.entries(full)) hiddenValues(value, other[key], into);
  }
  return into;
}

/** Every non-empty string value (not keys) in a JSON-like value. */
export function stringLeaves(value: unknown, into: Set<string> = new Set()): Set<string> {
  if (typeof value === "string") {
    if (value !== "") into.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) stringLeaves(item, into);
  } else if (value !== null && typeof value === "object" && !(value instanceof Uint8Array)) {
    for (const item of Object.values(value)) stringLeaves(item, into);
  }
  return into;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** Secret values that occur in free text as whole tokens. */
export function secretsInText(text: string, secret: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const value of secret) {
    if (!text.includes(value)) continue;
    if (new RegExp(`(?<![\\w.-])${escapeRegExp(value)}(?![\\w.-])`).test(text)) found.push(value);
  }
  return found;
}

export interface ReceivedEvent {
  seq: number;
  /** The viewer's payload (parsed payload_json). */
  payload: unknown;
  /** The viewer's typed event (any shape: only its string leaves are used). */
  typed: unknown;
  redacted: boolean;
}

export interface Exposure {
  /** The version of the game when the viewer received this. */
  version: number;
  what: string;
  /** Structured data (a view): every string leaf counts. */
  data?: unknown;
  /** Free text (an error message): whole tokens count. */
  text?: string;
  /** Values the viewer itself sent (an error may echo them): not counted. */
  echoed?: ReadonlySet<string>;
}

export interface Leak {
  viewer: string;
  seq: number;
  what: string;
  values: string[];
}

/**
 * Checks one viewer's events (by seq, 1..n) against the full payloads (by seq) and
 * its other exposures (views, error messages), as described above.
 */
export function findLeaks(viewer: string, full: ReadonlyMap<number, unknown>, received: readonly ReceivedEvent[],
  exposures: readonly Exposure[]): { leaks: Leak[]; hiddenCount: number; redactedEvents: number } {
  const leaks: Leak[] = [];
  const secret = new Set<string>();
  const sorted = [...exposures].sort((a, b) => a.version - b.version);
  let next = 0;
  let hiddenCount = 0;
  let redactedEvents = 0;
  const checkExposuresUpTo = (version: number) => {
    while (next < sorted.length && sorted[next]!.version <= version) {
      const exposure = sorted[next++]!;
      const values = new Set<string>();
      if (exposure.data !== undefined) {
        for (const value of stringLeaves(exposure.data)) if (secret.has(value)) values.add(value);
      }
      if (exposure.text !== undefined) {
        for (const value of secretsInText(exposure.text, secret)) if (!exposure.echoed?.has(value)) values.add(value);
      }
      if (values.size) leaks.push({ viewer, seq: exposure.version, what: exposure.what, values: [...values] });
    }
  };
  for (const event of [...received].sort((a, b) => a.seq - b.seq)) {
    checkExposuresUpTo(event.seq - 1);
    const hidden = hiddenValues(full.get(event.seq), event.payload);
    const shown = stringLeaves(event.payload);
    stringLeaves(event.typed, shown);
    const both = [...hidden].filter((value) => shown.has(value));
    if (both.length) leaks.push({ viewer, seq: event.seq, what: "event copies a value it hides", values: both });
    if (hidden.size) redactedEvents++;
    hiddenCount += hidden.size;
    for (const value of shown) secret.delete(value);
    for (const value of hidden) secret.add(value);
  }
  checkExposuresUpTo(Number.MAX_SAFE_INTEGER);
  return { leaks, hiddenCount, redactedEvents };
}
