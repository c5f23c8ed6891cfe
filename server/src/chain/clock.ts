import type { JsonRpcProvider } from "ethers";
import { KeptRead } from "./kept-read";

/** The latest block's time is read again after this long. */
const TTL_MS = 1_000;

/**
 * The time the contracts will see, in unix seconds: the later of this machine's clock and the
 * latest block's timestamp. A session's expiry and a bet's deadline are checked on chain against
 * block.timestamp, which on a quiet chain lags the wall clock (the next block's time is the wall
 * clock's) and on a test chain may run ahead of it (evm_increaseTime).
 */
export class ChainClock {
  private readonly latest: KeptRead<number>;

  constructor(provider: JsonRpcProvider) {
    // The caller after the time to live waits for the new reading: a test chain's time jumps
    // (evm_increaseTime), and a session or deadline checked after the jump must see it.
    this.latest = new KeptRead(() => provider.getBlock("latest").then((block) => block?.timestamp ?? 0), TTL_MS, true);
  }

  async now(): Promise<number> {
    return Math.max(Math.floor(Date.now() / 1000), await this.latest.get());
  }
}
