import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { buildApp, E2E_MASTER_SECRET } from "./global-setup";

/**
 * The browser files that run a private stack of their own (the BSC Testnet rehearsal, one-click
 * play with its relay paused) need only the app's build and the master secret, not the shared
 * stack: a project of their own lets `npm test` run them beside the other browser files
 * (scripts/test-side-by-side.ts).
 */
export function setup(project: TestProject): () => void {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "degen-private-"));
  project.provide("appBuildDir", buildApp(dataDir));
  project.provide("masterSecret", E2E_MASTER_SECRET);
  return () => rmSync(dataDir, { recursive: true, force: true });
}
