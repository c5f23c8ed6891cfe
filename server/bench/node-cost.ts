/**
 * What the test node itself spends on a relayed bet (issue #20's relay target is measured on a
 * Hardhat node sharing this 2-core machine with the servers). The stream's blocks are mined again
 * on a quiet node, from a snapshot taken before the stream: every transaction of every block sent
 * anew in its order, each relay transaction first simulated as the relay does (eth_call), then the
 * block mined (evm_mine). The figures bound what any relay can do on this node: one second of its
 * time simulates and mines `ceilingBetsPerSec` bets, and nothing else.
 */
import { Transaction } from "ethers";
import type { TestChain } from "../test/support/chain";

/** The stream's relay transactions and how many session bets each carried. */
export type RelayTransactions = Map<string, number>;

interface BlockToMine {
  raw: string[];
  relay: { hash: string; to: string; from: string; data: string; gasLimit: bigint; bets: number }[];
}

export async function relayNodeCost(chain: TestChain, snapshot: string, fromBlock: number, relayTransactions: RelayTransactions) {
  const { provider } = chain;
  const lastBlock = Math.max(
    ...(await Promise.all([...relayTransactions.keys()].map(async (hash) => (await provider.getTransactionReceipt(hash))!.blockNumber))),
  );
  const blocks: BlockToMine[] = [];
  for (let number = fromBlock; number <= lastBlock; number++) {
    const block = (await provider.getBlock(number, true))!;
    const txs = block.prefetchedTransactions;
    blocks.push({
      raw: txs.map((tx) => Transaction.from(tx).serialized),
      relay: txs
        .filter((tx) => relayTransactions.has(tx.hash))
        .map((tx) => ({ hash: tx.hash, to: tx.to!, from: tx.from, data: tx.data, gasLimit: tx.gasLimit, bets: relayTransactions.get(tx.hash)! })),
    });
  }
  await provider.send("evm_setIntervalMining", [0]);
  if (!(await provider.send("evm_revert", [snapshot]))) throw new Error("the snapshot before the stream is gone");
  let simulateMs = 0;
  let mineMs = 0;
  let relayBets = 0;
  let gas = 0n;
  let reverted = 0;
  for (const block of blocks) {
    for (const raw of block.raw) await provider.send("eth_sendRawTransaction", [raw]);
    for (const { hash, bets, ...call } of block.relay) {
      const started = performance.now();
      await provider.call(call).catch(() => reverted++);
      simulateMs += performance.now() - started;
      relayBets += bets;
    }
    const started = performance.now();
    await provider.send("evm_mine", []);
    mineMs += performance.now() - started;
    const mined = (await provider.getBlock("latest"))!;
    if (mined.transactions.length !== block.raw.length)
      throw new Error(`block of ${block.raw.length} transactions mined again with ${mined.transactions.length}`);
    gas += mined.gasUsed;
    // A relay transaction that reverts this time would be timed short: the figures would not be the stream's.
    for (const { hash } of block.relay)
      if ((await provider.getTransactionReceipt(hash))?.status !== 1) throw new Error(`relay transaction ${hash} did not land again as it did`);
  }
  const simulatePerBet = simulateMs / relayBets;
  const minePerBet = mineMs / relayBets;
  return {
    case: "the test node's own time per relayed bet: the stream's blocks mined again on a quiet node",
    blocks: blocks.length,
    relayTransactions: relayTransactions.size,
    relayBets,
    simulationsReverted: reverted,
    blockGasPerRelayedBet: Number(gas / BigInt(relayBets)),
    simulateMsPerBet: +simulatePerBet.toFixed(2),
    mineMsPerBet: +minePerBet.toFixed(2),
    mineMgasPerSec: +(Number(gas) / 1e3 / mineMs).toFixed(1),
    ceilingBetsPerSec: { simulatedAndMined: Math.round(1000 / (simulatePerBet + minePerBet)), minedOnly: Math.round(1000 / minePerBet) },
  };
}
