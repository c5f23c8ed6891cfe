import { afterAll, beforeAll } from "vitest";
import { openDatabase, type Database } from "../../src/db/index";
import { tempDir } from "./app";

/** The Casino address the scratch database is opened for (Hardhat's first deployment). */
export const SCRATCH_CASINO = "0x5FbDB2315678afecb367f032d93F642f64180aa3";

/**
 * A PGlite database of the test file's own, in a temporary folder: opened before its tests, closed
 * and removed after them. The returned function gives it to the tests.
 */
export function useScratchDatabase(): () => Database {
  let temp: ReturnType<typeof tempDir> | undefined;
  let database: Database | undefined;
  beforeAll(async () => {
    temp = tempDir();
    database = await openDatabase({
      dataDir: temp.dir,
      identity: { chainId: 31337, genesisHash: "0x" + "ab".repeat(32), casino: SCRATCH_CASINO, deploymentBlock: 1 },
    });
  });
  afterAll(async () => {
    await database?.close();
    temp?.dispose();
  });
  return () => database!;
}
