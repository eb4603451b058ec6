/**
 * A first tablerules program (README, "A first program"): make a game, read a seat's
 * view, submit a legal command, and follow the events as that seat sees them.
 *
 *   node dist/examples/first-game.js 127.0.0.1:50051
 */
import { Client } from "../src";

export async function firstGame(address: string, print: (line: string) => void = console.log): Promise<void> {
  const client = new Client(address);
  const game = await client.createGame("armory", ["ann", "bob"]);
  print(`game ${game.gameId}`);
  const ann = client.seat(game.gameId, game.seats[0]!.token);
  const view = await ann.view();                         // the view, its status and ann's legal commands
  print(view.viewLines.join("\n"));                      // the table in a few lines
  if (view.legalCommands.length > 0) {                   // ann's move (else bob was drawn to start)
    print(`ann: ${view.legalCommandTexts[0]}`);
    await ann.submit(view.legalCommands[0]!, { expectedVersion: view.version });
  }
  const version = (await ann.view()).version;
  for await (const event of ann.stream({ fromVersion: 0 })) {   // catch-up, then live
    print(`${String(event.seq).padStart(3)} ${event.text}`);    // each event in words, as ann sees it
    if (event.seq === version) break;
  }
  client.close();
}

if (require.main === module) {
  firstGame(process.argv[2] ?? "127.0.0.1:50051").catch((error: unknown) => {
    console.error(String(error));
    process.exit(1);
  });
}
