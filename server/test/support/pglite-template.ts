// A PGlite cluster made once per test project (shared-chain.setup.ts), copied into each in-process
// server's state folder before it opens it. PGlite.create on an empty folder runs initdb: 22-29 s
// and about 10 CPU-seconds on a loaded 2-core machine, for each of the run's tens of servers. A
// copy (39 MB) and opening it took 2.5-5.4 s. The copy holds no table and no identity: the server
// migrates it and records its deployment in it exactly as in a folder it made (db/index.ts).
import { cpSync, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { inject } from "vitest";
import { stateName } from "../../src/db/state";
import type { TestChain } from "./chain";

/** Makes the cluster the project's servers start from, in `folder`. */
export async function makePgliteTemplate(folder: string): Promise<void> {
  await (await PGlite.create(folder)).close();
}

/** Gives the state folder a server over `chain` would make under `dataDir` a copy of the project's cluster, unless it has one. */
export async function seedPgliteState(dataDir: string, chain: Pick<TestChain, "provider" | "casino">): Promise<void> {
  const [network, genesis, casino] = await Promise.all([chain.provider.getNetwork(), chain.provider.getBlock(0), chain.casino.getAddress()]);
  const folder = path.join(dataDir, stateName({ chainId: Number(network.chainId), genesisHash: genesis!.hash!, casino, deploymentBlock: 0 }));
  if (existsSync(folder)) return;
  mkdirSync(dataDir, { recursive: true });
  cpSync(inject("pgliteTemplate"), folder, { recursive: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The PGlite cluster each in-process server's state starts from (pglite-template.ts). */
    pgliteTemplate: string;
  }
}
