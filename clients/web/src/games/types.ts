// What a game's drawing receives: the view (as the service's GetView sends it,
// view_json) and who is looking.

export interface Context {
  seats: string[];
  viewer: number; // 0: a spectator; 1..n: that seat
  options: Record<string, unknown>;
  winners: number[];
  toAct: number[];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type View = any;

export type Drawing = (view: View, context: Context) => HTMLElement;

export function seatName(context: Context, seat: number): string {
  return seat >= 1 && seat <= context.seats.length ? `${context.seats[seat - 1]} (seat ${seat})` : `seat ${seat}`;
}
