/** mulberry32: small, fast and good enough to drive a fuzz reproducibly. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  /** A value in [0, max], biased towards small values so both tiny and large amounts occur. */
  amount(max: bigint): bigint {
    if (max <= 0n) return 0n;
    const ppm = BigInt(Math.floor(this.next() ** 3 * 1_000_000));
    return (max * ppm) / 1_000_000n;
  }

  /** A value in [min, max], uniform. */
  between(min: bigint, max: bigint): bigint {
    if (max <= min) return min;
    const span = max - min + 1n;
    const r = (BigInt(this.int(0x100000000)) << 32n) | BigInt(this.int(0x100000000));
    return min + (r % span);
  }

  bytes(count: number): string {
    let hex = "0x";
    for (let i = 0; i < count; i++) hex += this.int(256).toString(16).padStart(2, "0");
    return hex;
  }

  bytes32(): string {
    return this.bytes(32);
  }
}
