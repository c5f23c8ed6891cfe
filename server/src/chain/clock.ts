import type { JsonRpcProvider } from "ethers";

/** The latest block's time is read again after this long. */
const TTL_MS = 1_000;

/**
 * The time the contracts will see, in unix seconds: the later of this machine's clock and the
 * latest block's timestamp. A session's expiry and a bet's deadline are checked on chain against
 * block.timestamp, which on a quiet chain lags the wall clock (the next block's time is the wall
 * clock's) and on a test chain may run ahead of it (evm_increaseTime).
 */
export class ChainClock {
  private latest: { at: number; timestamp: Promise<number> } | undefined;

  constructor(private readonly provider: JsonRpcProvider) {}

  async now(): Promise<number> {
    if (!this.latest || Date.now() - this.latest.at > TTL_MS) {
      const timestamp = this.provider.getBlock("latest").then((block) => block?.timestamp ?? 0);
      this.latest = { at: Date.now(), timestamp };
      timestamp.catch(() => (this.latest = undefined));
    }
    return Math.max(Math.floor(Date.now() / 1000), await this.latest.timestamp);
  }
}
