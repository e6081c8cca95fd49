/** Deterministic randomness: every value derives from (seed, labels) so any slice can be regenerated alone. */

/** 32-bit FNV-1a over the labels, mixed with the seed. */
export function hash32(seed: number, ...labels: (string | number)[]): number {
  let h = (2166136261 ^ seed) >>> 0;
  for (const l of labels) {
    const s = String(l);
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 16777619) >>> 0;
    }
    h ^= 0x9e3779b9;
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h >>> 0;
}

/** mulberry32: small, fast, good enough for simulation. */
export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  static of(seed: number, ...labels: (string | number)[]): Rng {
    return new Rng(hash32(seed, ...labels));
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** Standard normal via Box–Muller. */
  normal(): number {
    const u = Math.max(this.next(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }
  logNormal(mu: number, sigma: number): number {
    return Math.exp(mu + sigma * this.normal());
  }
  hex(len: number): string {
    let s = '';
    while (s.length < len) s += Math.floor(this.next() * 16).toString(16);
    return s;
  }
}
