/**
 * State per deployment. Everything the server keeps (the settler's block cursor, bets,
 * commitments, sessions, secrets) belongs to one chain and one Casino: a state reused on another
 * chain reads logs from a cursor that chain may never reach, so its bets are never settled. A
 * local Hardhat node starts a new chain (new genesis, the Casino at the same address) on every
 * `npm start`. So each deployment gets a state of its own — a PGlite folder under DATA_DIR or a
 * PostgreSQL schema — named after its identity, and the identity is also recorded inside, so
 * a state renamed or copied by hand is refused rather than silently used for the wrong chain.
 */
import { existsSync, mkdirSync, readdirSync, renameSync } from "node:fs";
import path from "node:path";
import { logger } from "../observability/log";
import type { Db } from "./types";
import { getValue } from "./kv";
import { kv } from "./schema";

export interface DeploymentIdentity {
  chainId: number;
  /** Block 0's hash: what tells a restarted Hardhat node from the one before. */
  genesisHash: string;
  /** Checksummed. */
  casino: string;
  deploymentBlock: number;
}

const IDENTITY_KEY = "deployment.identity";

/** `31337-5fbdb231-c18d5da1`: the chain id, then the first 4 bytes of the Casino's address and of the genesis hash. */
export function stateName(identity: DeploymentIdentity): string {
  return `${identity.chainId}-${identity.casino.slice(2, 10).toLowerCase()}-${identity.genesisHash.slice(2, 10).toLowerCase()}`;
}

/** The PostgreSQL schema of a state: a plain lower-case identifier, safe to write unquoted. */
export function schemaName(identity: DeploymentIdentity): string {
  return `degen_${stateName(identity).replaceAll("-", "_")}`;
}

export function describeIdentity(identity: DeploymentIdentity): string {
  return `chain ${identity.chainId}, Casino ${identity.casino}, genesis ${identity.genesisHash}, deployment block ${identity.deploymentBlock}`;
}

const STATE_FOLDER = /^\d+-[0-9a-f]{8}-[0-9a-f]{8}$/;
const LEGACY_FOLDER = /^legacy-/;
/** PostgreSQL's marker file at the top of a data folder. */
const PG_VERSION = "PG_VERSION";

/**
 * The PGlite folder of a deployment's state under DATA_DIR. A DATA_DIR that is itself a PGlite
 * database (the layout before per-chain state) is first moved aside into `legacy-<time>/`, kept
 * for whoever wants its data, never deleted.
 */
export function stateFolder(dataDir: string, identity: DeploymentIdentity): string {
  mkdirSync(dataDir, { recursive: true });
  const moved = moveLegacyDatabase(dataDir);
  if (moved) logger("database").warn(`The database in ${dataDir} from before per-chain state was moved aside to ${moved}`);
  return path.join(dataDir, stateName(identity));
}

function moveLegacyDatabase(dataDir: string): string | undefined {
  if (!existsSync(path.join(dataDir, PG_VERSION))) return undefined;
  // PG_VERSION moves last: a move cut short leaves it behind, and the next start finishes the
  // move into the same folder (the legacy folder still lacking PG_VERSION) rather than a second one.
  const unfinished = readdirSync(dataDir).find((name) => LEGACY_FOLDER.test(name) && !existsSync(path.join(dataDir, name, PG_VERSION)));
  const target = path.join(dataDir, unfinished ?? `legacy-${new Date().toISOString().replace(/[:.]/g, "-")}`);
  mkdirSync(target, { recursive: true });
  const entries = readdirSync(dataDir).filter((name) => name !== PG_VERSION && !STATE_FOLDER.test(name) && !LEGACY_FOLDER.test(name));
  for (const name of [...entries, PG_VERSION]) renameSync(path.join(dataDir, name), path.join(target, name));
  return target;
}

/**
 * Records the identity in a fresh state, or checks the one recorded. True when the state is new.
 * The first writer wins when several instances share a PostgreSQL schema.
 */
export async function claimState(db: Db, identity: DeploymentIdentity, where: string): Promise<boolean> {
  const inserted = await db
    .insert(kv)
    .values({ key: IDENTITY_KEY, value: JSON.stringify(identity) })
    .onConflictDoNothing()
    .returning({ key: kv.key });
  if (inserted.length > 0) return true;
  const stored = parseIdentity(await getValue(db, IDENTITY_KEY));
  if (!stored || !sameIdentity(stored, identity)) {
    throw new Error(
      `the state at ${where} belongs to ${stored ? describeIdentity(stored) : "an unreadable identity"}, not to ` +
        `${describeIdentity(identity)} as its name says; it was renamed or copied by hand: move it away and start again`,
    );
  }
  return false;
}

function parseIdentity(stored: string | undefined): DeploymentIdentity | undefined {
  try {
    const parsed = JSON.parse(stored ?? "") as Partial<DeploymentIdentity>;
    const { chainId, genesisHash, casino, deploymentBlock } = parsed;
    if (typeof chainId !== "number" || typeof genesisHash !== "string" || typeof casino !== "string" || typeof deploymentBlock !== "number") return undefined;
    return { chainId, genesisHash, casino, deploymentBlock };
  } catch {
    return undefined;
  }
}

const sameIdentity = (a: DeploymentIdentity, b: DeploymentIdentity) =>
  a.chainId === b.chainId &&
  a.genesisHash.toLowerCase() === b.genesisHash.toLowerCase() &&
  a.casino.toLowerCase() === b.casino.toLowerCase() &&
  a.deploymentBlock === b.deploymentBlock;
