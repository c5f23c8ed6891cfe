/**
 * Seeds that transactions showed before the bets they settle were placed (issue #37 item 1). A
 * transaction shows its calldata to everyone once broadcast, whether it is mined, reverts or never
 * lands: the relay's CasinoSessions.play shows its bets' relay seeds, a settlement its bet's seed.
 * A seed is the keccak256 of the link above it in its player's chain, so a relay seed of nonce
 * n + 1 tells the wallet seed of nonce n. A bet placed after its own seed, or that seed's
 * preimage, was shown was placed by someone who could know its outcome: it is named here. The
 * same signed bet shown by an earlier relay transaction and placed later is the same bet, with
 * the outcome it had, and is not named.
 *
 * Only mined transactions can be read (a pending one that never landed is gone), and reading them
 * costs a request per block: `npm run verify -- --scan-transactions`.
 */
import { keccak256, toQuantity } from "ethers";
import { nonceOfBet, playerOfBet } from "../../engine/src/index";
import { casinoInterface, sessionsInterface } from "../../bindings/casino";
import type { Contracts, RawTransaction } from "./calls";
import { RpcError, type Rpc } from "./rpc";
import type { BetResult, Problem } from "./types";

/** A seed in a transaction's calldata, with the bet it came with. */
export interface ShownSeed {
  seed: string;
  player: string;
  nonce: bigint;
  /** The client seed of the signed bet it came with (a relay's play); null for a settlement, which names only the bet. */
  clientSeed: string | null;
  block: number;
  tx: string;
}

const lower = (value: string) => value.toLowerCase();

/** The seeds a transaction to the Casino or its CasinoSessions shows, whatever became of it. */
export function seedsIn(tx: RawTransaction, block: number, contracts: Contracts): ShownSeed[] {
  const to = tx.to === null ? null : lower(tx.to);
  const at = { block, tx: tx.hash };
  const settled = (betId: bigint, seed: string): ShownSeed => ({
    seed: lower(seed),
    player: lower(playerOfBet(betId)),
    nonce: nonceOfBet(betId),
    clientSeed: null,
    ...at,
  });
  try {
    if (to === lower(contracts.sessions)) {
      const call = sessionsInterface.parseTransaction({ data: tx.input });
      if (call?.name === "play") {
        const [bets, seeds] = call.args as unknown as [{ bet: { player: string; nonce: bigint; clientSeed: string } }[], string[]];
        return bets.map(({ bet }, i) => ({ seed: lower(seeds[i]!), player: lower(bet.player), nonce: bet.nonce, clientSeed: lower(bet.clientSeed), ...at }));
      }
      if (call?.name === "settle") return [settled(call.args[0] as bigint, call.args[1] as string)];
    } else if (to === lower(contracts.casino)) {
      const call = casinoInterface.parseTransaction({ data: tx.input });
      if (call?.name === "settle") return [settled(call.args[0] as bigint, call.args[1] as string)];
      if (call?.name === "settleBatch") {
        const [ids, seeds] = call.args as unknown as [bigint[], string[]];
        return ids.map((id, i) => settled(id, seeds[i]!));
      }
    }
  } catch {
    // Calldata that is no call of these contracts' shows no seed they take.
  }
  return [];
}

/** Blocks whose transactions are held at once: only the seeds found are kept. */
const BLOCKS_AT_ONCE = 1_000;

/** Every seed the range's mined transactions to the Casino and CasinoSessions showed, in chain order. */
export async function readShownSeeds(rpc: Rpc, contracts: Contracts, fromBlock: number, toBlock: number): Promise<ShownSeed[]> {
  const shown: ShownSeed[] = [];
  for (let first = fromBlock; first <= toBlock; first += BLOCKS_AT_ONCE) {
    const blocks = Array.from({ length: Math.min(BLOCKS_AT_ONCE, toBlock - first + 1) }, (_, i) => first + i);
    const answers = await rpc.batch<{ transactions: RawTransaction[] } | null>(
      blocks.map((block) => ({ method: "eth_getBlockByNumber", params: [toQuantity(block), true] })),
    );
    for (const [i, answer] of answers.entries()) {
      if (answer instanceof RpcError) throw answer;
      for (const tx of answer?.transactions ?? []) shown.push(...seedsIn(tx, blocks[i]!, contracts));
    }
  }
  return shown;
}

/**
 * The settled bets whose seed a transaction showed, or whose seed's preimage it showed, at or
 * before the bet's block (a pending transaction is seen before the block it lands in), other than
 * the bet's own: a problem each, in the "shown" column of the chain check.
 */
export function betsSettledWithShownSeeds(bets: readonly BetResult[], shown: readonly ShownSeed[]): Problem[] {
  const bySeed = new Map<string, ShownSeed[]>();
  const byHash = new Map<string, ShownSeed[]>();
  for (const seen of shown) {
    (bySeed.get(seen.seed) ?? bySeed.set(seen.seed, []).get(seen.seed)!).push(seen);
    const hash = keccak256(seen.seed);
    (byHash.get(hash) ?? byHash.set(hash, []).get(hash)!).push(seen);
  }
  const problems: Problem[] = [];
  for (const bet of bets) {
    if (bet.seed === null) continue;
    const seed = lower(bet.seed);
    const sameBet = (seen: ShownSeed) =>
      seen.player === lower(bet.player) && seen.nonce === bet.nonce && (seen.clientSeed === null || seen.clientSeed === lower(bet.clientSeed));
    const before = (seen: ShownSeed) => seen.block <= bet.placedBlock && seen.tx !== bet.placedTx;
    const itself = (bySeed.get(seed) ?? []).find((seen) => before(seen) && !sameBet(seen));
    const preimage = (byHash.get(seed) ?? []).find(before);
    const told = preimage ?? itself;
    if (!told) continue;
    const what = told === preimage ? "the link above it, which hashes to it" : "the seed itself";
    problems.push({
      kind: "shown",
      message: `settled with a seed that transaction ${told.tx} (block ${told.block}) showed before the bet was placed (block ${bet.placedBlock}): ${what}, with bet #${told.nonce} of ${told.player}`,
      block: bet.placedBlock,
      betId: bet.betId,
      player: bet.player,
    });
  }
  return problems;
}
