import { formatEther } from "ethers";

const HOUR_MS = 3_600_000;

/**
 * What the settler's key spends, from its balance as this instance samples it (every status
 * snapshot, at most once a second, when /api/health or /metrics is read): the sum of the drops
 * between consecutive samples over the last hour is the spending rate per hour. Any fall of the
 * balance counts (settlements, commitments, relays, an operator's own transfer), a rise (a top-up)
 * does not. An instance knows only what it sampled since it started: in its first hour, or when
 * nobody reads it, the rate is what it saw (server/README.md, Gas and budgets).
 */
export class GasSpending {
  private last: bigint | undefined;
  private readonly drops: { at: number; wei: bigint }[] = [];

  constructor(private readonly now: () => number = Date.now) {}

  record(balance: bigint): void {
    const at = this.now();
    if (this.last !== undefined && balance < this.last) this.drops.push({ at, wei: this.last - balance });
    this.last = balance;
    this.forgetBefore(at - HOUR_MS);
  }

  /** Wei spent over the last hour. */
  lastHour(): bigint {
    this.forgetBefore(this.now() - HOUR_MS);
    return this.drops.reduce((sum, drop) => sum + drop.wei, 0n);
  }

  private forgetBefore(time: number): void {
    while (this.drops.length > 0 && this.drops[0]!.at <= time) this.drops.shift();
  }
}

/** Wei as BNB for a reason or a log line: four significant digits, no exponent ("0.05", "0.00008342"). */
export function formatBnb(wei: bigint): string {
  return Number(formatEther(wei)).toLocaleString("en-US", { maximumSignificantDigits: 4, useGrouping: false });
}
