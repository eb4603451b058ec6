/** A small seeded generator (mulberry32), so a failing run can be repeated with CONFORMANCE_SEED. */
export class Rng {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[this.below(items.length)]!;
  }
}

export function suiteSeed(): number {
  const given = process.env.CONFORMANCE_SEED;
  return given ? Number(given) >>> 0 : Math.floor(Math.random() * 2 ** 31);
}
