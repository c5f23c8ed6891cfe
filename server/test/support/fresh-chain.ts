import { readFileSync, writeFileSync } from "node:fs";
import { inject } from "vitest";
import { chainOn, rpc, startChain, type ChainBaseline, type TestChain } from "./chain";

let sharedInUse = false;

/**
 * A chain as it is right after the deployment, for one test file: the project's shared node
 * (shared-chain.setup.ts) rewound to it, or a node of its own while this file already holds the
 * shared one (a test that runs two chains at once). What a file does to the node — blocks, time,
 * balances, the mempool — is undone for the next; the mining mode, which a rewind keeps, is set
 * back to automine, and the next block is stamped with the wall clock's time (or its parent's next second) as on a new node.
 */
export async function freshChain(workDir: string): Promise<TestChain> {
  if (sharedInUse) return startChain(workDir);
  const { rpcUrl, baseline, snapshotFile } = inject("sharedChain");
  const snapshot = readFileSync(snapshotFile, "utf8");
  if ((await rpc(rpcUrl, "evm_revert", [snapshot])) !== true) throw new Error(`the shared node has no snapshot ${snapshot}`);
  writeFileSync(snapshotFile, String(await rpc(rpcUrl, "evm_snapshot", [])));
  await rpc(rpcUrl, "evm_setIntervalMining", [0]);
  await rpc(rpcUrl, "evm_setAutomine", [true]);
  // The deployment's blocks run a few seconds ahead of the wall clock (one second a block at least).
  const latest = (await rpc(rpcUrl, "eth_getBlockByNumber", ["latest", false])) as { timestamp: string };
  await rpc(rpcUrl, "evm_setNextBlockTimestamp", [Math.max(Math.floor(Date.now() / 1000), Number(latest.timestamp) + 1)]);
  sharedInUse = true;
  return chainOn(rpcUrl, baseline, workDir, async () => {
    sharedInUse = false;
  });
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The project's shared node, its deployment, and the file holding the id of the snapshot to rewind to. */
    sharedChain: { rpcUrl: string; baseline: ChainBaseline; snapshotFile: string };
  }
}
