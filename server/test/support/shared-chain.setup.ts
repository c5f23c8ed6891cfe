// One `hardhat node` per test project (server, verifier), deployed once: each test file's chain is
// this node rewound to the deployment (fresh-chain.ts). Starting a node and deploying took 25 s of a
// loaded 2-core machine, 34 times a run (issue #36); a rewind takes a few calls. A project's files
// run one at a time (fileParallelism: false), so no two files share the node at once.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildServer } from "../../../scripts/server-bundle";
import { deployBaseline, rpc, spawnNode } from "./chain";
import { makePgliteTemplate } from "./pglite-template";
import "./fresh-chain";

let node: Awaited<ReturnType<typeof spawnNode>> | undefined;
let dir: string | undefined;

export async function setup(project: TestProject): Promise<void> {
  // The server the tests start as a process (support/instance.ts) runs this run's code.
  buildServer();
  dir = mkdtempSync(path.join(os.tmpdir(), "degen-shared-chain-"));
  const pgliteTemplate = path.join(dir, "pglite-template");
  const template = makePgliteTemplate(pgliteTemplate);
  node = await spawnNode();
  const baseline = await deployBaseline(node.rpcUrl);
  await template;
  project.provide("pgliteTemplate", pgliteTemplate);
  // A snapshot is spent by the rewind to it: each file leaves the next one's id here.
  const snapshotFile = path.join(dir, "snapshot");
  writeFileSync(snapshotFile, String(await rpc(node.rpcUrl, "evm_snapshot", [])));
  project.provide("sharedChain", { rpcUrl: node.rpcUrl, baseline, snapshotFile });
}

export async function teardown(): Promise<void> {
  await node?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
}
