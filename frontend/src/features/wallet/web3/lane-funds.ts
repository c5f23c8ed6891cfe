import { formatEther } from "ethers";
import type { LaneFunds } from "../wallet-store";
import type { Contracts } from "./contracts";

/** Lanes read at once: a public node answers a handful of calls in parallel. */
const READ_AT_ONCE = 8;

/**
 * What the lanes of a player's one-click sessions hold (docs/decisions.md §4, "lanes"): every lane
 * CasinoSessions opened for them (lanesOf), read with Casino.laneOf. A lane that holds nothing and
 * has no bet open never holds anything again (only its own bets pay into it, and none can be
 * staked from nothing), so it is read once per page and then left out.
 */
export class LaneFundsReader {
  /** By player: lanes known to stay empty. */
  private readonly empty = new Map<string, Set<number>>();

  async read(contracts: Pick<Contracts, "casino" | "sessions">, player: string): Promise<LaneFunds> {
    const count = Number(await contracts.sessions.lanesOf(player));
    const empty = this.empty.get(player) ?? new Set<number>();
    this.empty.set(player, empty);
    const lanes = Array.from({ length: count }, (_, i) => i + 1).filter((lane) => !empty.has(lane));
    const funds: LaneFunds = {};
    for (let i = 0; i < lanes.length; i += READ_AT_ONCE) {
      const batch = lanes.slice(i, i + READ_AT_ONCE);
      const views = await Promise.all(batch.map((lane) => contracts.casino.laneOf(player, lane)));
      views.forEach(([, nextNonce, nextToResolve, [degen, bnb]], j) => {
        const lane = batch[j]!;
        if (degen > 0n || bnb > 0n) funds[lane] = { DEGEN: formatEther(degen), BNB: formatEther(bnb) };
        else if (nextToResolve === nextNonce) empty.add(lane);
      });
    }
    return funds;
  }
}
