/**
 * A small bot: joins one seat of a game by its token and plays to the end, choosing
 * at random among its legal commands. It works for every game the server runs.
 *
 *   node dist/examples/bot.js --address 127.0.0.1:50051 --game <game id> --token <seat token> [--seed 42]
 *
 * (TABLERULES_ADDRESS, TABLERULES_GAME and TABLERULES_TOKEN work too.) It acts
 * whenever it has legal commands, which may be out of turn (an INTERRUPT), and
 * otherwise waits for the next event on its stream. Commands carry
 * expected_version: if another seat moved first, it looks again.
 */
import { Client, RuleError, StaleVersionError, formatCommand, type GetViewResponse } from "../src";

export interface BotOptions {
  /** A float in [0, 1) (default Math.random): seed it for reproducible play. */
  random?: () => number;
  log?: (line: string) => void;
  /** Bounds, so that a bot never runs forever. */
  maxCommands?: number;
  timeoutMs?: number;
}

export interface BotResult {
  seat: number;
  commands: number;
  final: GetViewResponse;
}

/** Plays `token`'s seat of `gameId` until the game has finished. */
export async function playSeat(client: Client, gameId: string, token: string,
  options: BotOptions = {}): Promise<BotResult> {
  const random = options.random ?? Math.random;
  const log = options.log ?? (() => undefined);
  const maxCommands = options.maxCommands ?? 100_000;
  const deadline = Date.now() + (options.timeoutMs ?? 30 * 60_000);
  const seat = client.seat(gameId, token);

  // The stream only wakes the bot up when something happened.
  let wake: (() => void) | undefined;
  let eventsSeen = 0;
  const stop = new AbortController();
  const watching = (async () => {
    for await (const _event of seat.stream({ signal: stop.signal })) {
      eventsSeen++;
      wake?.();
    }
  })().catch((error: unknown) => log(`stream ended: ${String(error)}`));

  let commands = 0;
  try {
    for (;;) {
      if (Date.now() > deadline) throw new Error(`the game did not end within ${options.timeoutMs} ms`);
      const before = eventsSeen;
      const view = await seat.view();
      if (view.status?.finished) {
        log(`seat ${view.seat}: game over after ${commands} commands of mine: ${view.status.summary}`);
        return { seat: view.seat, commands, final: view };
      }
      if (view.legalCommands.length === 0) {
        if (eventsSeen !== before) continue; // something happened meanwhile: look again
        // Wait for the next event (or poll again after a while, whichever comes first).
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, 1000);
          function done() {
            clearTimeout(timer);
            wake = undefined;
            resolve();
          }
          wake = done;
        });
        continue;
      }
      if (commands >= maxCommands) throw new Error(`seat ${view.seat}: more than ${maxCommands} commands`);
      const chosen = view.legalCommands[Math.floor(random() * view.legalCommands.length)]!;
      try {
        const reply = await seat.submit(chosen, { expectedVersion: view.version });
        commands++;
        log(`seat ${view.seat} v${reply.version}: ${formatCommand(chosen)} -> ` +
          reply.events.map((e) => `${e.type} (${e.rule})`).join(", "));
      } catch (error) {
        // Another seat moved first: the view is stale, look again.
        if (error instanceof StaleVersionError) continue;
        if (error instanceof RuleError) {
          log(`seat ${view.seat}: refused ${formatCommand(chosen)}: ${error.rule}: ${error.description}`);
          continue;
        }
        throw error;
      }
    }
  } finally {
    stop.abort();
    await watching;
  }
}

function argument(name: string, env: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : process.env[env];
}

/** A seeded float generator (mulberry32). */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function main(): Promise<void> {
  const address = argument("address", "TABLERULES_ADDRESS") ?? "127.0.0.1:50051";
  const gameId = argument("game", "TABLERULES_GAME");
  const token = argument("token", "TABLERULES_TOKEN");
  const seed = argument("seed", "TABLERULES_BOT_SEED");
  const quiet = process.argv.includes("--quiet");
  if (!gameId || !token) {
    console.error("usage: bot --address HOST:PORT --game GAME_ID --token SEAT_TOKEN [--seed N] [--quiet]");
    process.exit(2);
  }
  const client = new Client(address);
  try {
    const result = await playSeat(client, gameId, token, {
      random: seed !== undefined ? seeded(Number(seed)) : Math.random,
      log: quiet ? undefined : (line) => console.log(line),
    });
    const status = result.final.status!;
    console.log(`seat ${result.seat}: finished, ${status.summary}; winners ${JSON.stringify(status.winners)}; ` +
      `${result.commands} commands played`);
  } finally {
    client.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
