import { and, eq } from "drizzle-orm";
import { ZeroHash } from "ethers";
import { casinoInterface, type Casino } from "../../../bindings/casino";
import type { ChainRequests } from "../chain/chain-requests";
import type { StakeCheck } from "../chain/stake";
import type { Db } from "../db/types";
import { commitments } from "../db/schema";
import { HttpError } from "../http/errors";
import { logger } from "../observability/log";
import type { SeedVault } from "./seeds";
import type { BetRow } from "./types";

const log = logger("settler");

export interface CommitmentState {
  player: string;
  /** What to pass as playGame's expectedCommit: the chain's root stays valid while earlier bets settle. */
  expectedCommit: string;
  /** The current commitment: the last revealed seed, or the root. */
  commitment: string;
  root: string;
  nextNonce: string;
  remaining: number;
  chainLength: number;
  /** What to pass as playGame's expectedTerms (the Casino's terms() now). */
  terms: string;
}

/**
 * The players' hash-chain commitments: read from the Casino, and posted (setCommitment) through
 * the outbox, so that a request to any instance is sent by the lease holder, counted against the
 * players' transaction budgets, and only for a player with a stake (chain/stake.ts).
 */
export class Commitments {
  /** Per player, the posting this process is waiting for: concurrent requests share it. */
  private readonly committing = new Map<string, Promise<CommitmentState>>();

  constructor(
    private readonly db: Db,
    private readonly casino: Casino,
    private readonly casinoAddress: string,
    private readonly seeds: SeedVault,
    private readonly chainRequests: ChainRequests,
    private readonly stake: StakeCheck,
  ) {}

  private async stateOf(player: string): Promise<CommitmentState & { nextToResolve: bigint }> {
    // By position: the output named `length` collides with the array's own, which leaves the
    // generated named type unusable.
    const [commitment, terms] = await Promise.all([this.casino.commitmentOf(player), this.casino.terms()]);
    const view = commitment as unknown as [string, bigint, bigint, string, bigint];
    return {
      terms: terms.toString(),
      player,
      expectedCommit: view[3],
      commitment: view[0],
      root: view[3],
      nextNonce: view[1].toString(),
      remaining: Number(view[2]),
      chainLength: this.seeds.chainLength,
      nextToResolve: view[4],
    };
  }

  /** The player's commitment as the Casino holds it; never sends anything. */
  async read(player: string): Promise<CommitmentState> {
    return strip(await this.stateOf(player));
  }

  /**
   * The player's commitment, posting a fresh chain first when there is none or it is spent and no
   * bet is open (the Casino refuses to replace a chain with links left, or one under an open bet:
   * contracts/README.md "Trust assumptions"). Instances asked at once queue the same transaction,
   * which the outbox sends once. Throws a 403 when the player has nothing at stake, a 429 past a
   * budget.
   */
  ensure(player: string): Promise<CommitmentState> {
    const running = this.committing.get(player);
    if (running) return running;
    const work = (async () => {
      const state = await this.stateOf(player);
      const hasChain = state.commitment !== ZeroHash && state.remaining > 0;
      const idle = state.nextToResolve === BigInt(state.nextNonce);
      if (hasChain || !idle) return strip(state);
      await this.stake.require(player);
      const firstNonce = BigInt(state.nextNonce);
      const root = this.seeds.root(player, firstNonce);
      await this.db.insert(commitments).values({ player, firstNonce, length: this.seeds.chainLength, root, status: "sent" }).onConflictDoNothing();
      const data = casinoInterface.encodeFunctionData("setCommitment", [player, root, this.seeds.chainLength]);
      const txHash = await this.chainRequests.send("commitment", { to: this.casinoAddress, data }, player);
      await this.db
        .update(commitments)
        .set({ status: "confirmed", txHash })
        .where(and(eq(commitments.player, player), eq(commitments.firstNonce, firstNonce)));
      return strip(await this.stateOf(player));
    })().finally(() => this.committing.delete(player));
    this.committing.set(player, work);
    return work;
  }

  /**
   * Posts a fresh chain for the players of a settled batch whose wallet bets used the last link of
   * their wallet chain. A session lane's chain is never replaced: the session ends with it.
   */
  async rotateAfterSettlement(batch: readonly Pick<BetRow, "player" | "nonce" | "chainFirstNonce" | "laneKey">[]): Promise<void> {
    const spent = batch.filter((bet) => bet.laneKey === null && bet.nonce - bet.chainFirstNonce + 1n >= BigInt(this.seeds.chainLength));
    for (const player of new Set(spent.map((b) => b.player))) {
      const state = await this.stateOf(player);
      if (state.remaining === 0 && state.nextToResolve === BigInt(state.nextNonce)) {
        await this.ensure(player).catch((error: Error) => {
          // No stake left, or a budget used up: the player's next POST /api/fairness/commitment asks again.
          if (error instanceof HttpError) log.info(`Commitment rotation for ${player} not sent: ${error.message}`);
          else log.error(`Commitment rotation for ${player} failed: ${error.message}`);
        });
      }
    }
  }
}

function strip(state: CommitmentState & { nextToResolve: bigint }): CommitmentState {
  const { nextToResolve: _ignored, ...rest } = state;
  return rest;
}
