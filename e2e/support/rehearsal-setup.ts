import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildApp } from "./global-setup";

/**
 * The BSC Testnet rehearsal (e2e/bsc-rehearsal.e2e.test.ts) runs a private stack of its own, so it needs only the
 * app's build, not the shared stack: a project of its own lets `npm test` run it beside the other
 * browser files (scripts/test-side-by-side.ts).
 */
export function setup(project: TestProject): () => void {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "degen-rehearsal-"));
  project.provide("appBuildDir", buildApp(dataDir));
  return () => rmSync(dataDir, { recursive: true, force: true });
}
