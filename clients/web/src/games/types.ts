// What a game's drawing receives: the view (as the service's GetView sends it,
// view_json), who is looking, and the faces of the game's cards.

/** A card's face as the viewer's server describes it (tools/viewer/faces.py), for a game
 * whose view names its cards by id alone: its name, its deck, and what it gives in words. */
export interface Face {
  id: string;
  name: string;
  deck: string;
  gives: string[];
  note: string;
}

export interface Context {
  seats: string[];
  viewer: number; // 0: a spectator; 1..n: that seat
  options: Record<string, unknown>;
  winners: number[];
  toAct: number[];
  cards: Map<string, Face>; // by card id; empty for a game whose view describes its own cards
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type View = any;

export type Drawing = (view: View, context: Context) => HTMLElement;

export function seatName(context: Context, seat: number): string {
  return seat >= 1 && seat <= context.seats.length ? `${context.seats[seat - 1]} (seat ${seat})` : `seat ${seat}`;
}
