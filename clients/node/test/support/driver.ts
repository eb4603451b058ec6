/** A plain driver for tests that need a game played to the end (no checks of its own). */
import type { Client } from "../../src";
import type { Rng } from "./rng";

export interface Played {
  version: number;
  finished: boolean;
}

/** Plays up to `count` random legal commands, stopping early at the game's end. */
export async function playSome(clients: Client[], gameId: string, rng: Rng, count: number): Promise<Played> {
  for (let n = 0; ; n++) {
    const views = await Promise.all(clients.map((c) => c.getView(gameId)));
    const status = views[0]!.status!;
    if (status.finished || n === count) return { version: views[0]!.version, finished: status.finished };
    const able = views.map((v, i) => ({ v, i })).filter(({ v }) => v.legalCommands.length > 0);
    if (!able.length) throw new Error(`nobody can act: ${JSON.stringify(status)}`);
    const waited = able.filter(({ v }) => status.toAct.includes(v.seat));
    const { v, i } = rng.pick(waited.length ? waited : able);
    await clients[i]!.submitCommand(gameId, rng.pick(v.legalCommands), { expectedVersion: v.version });
  }
}

/** Plays random legal commands to the game's end; returns its last version. */
export async function playToEnd(clients: Client[], gameId: string, rng: Rng, maxCommands = 3000): Promise<number> {
  const played = await playSome(clients, gameId, rng, maxCommands);
  if (!played.finished) throw new Error(`no end after ${maxCommands} commands`);
  return played.version;
}
