import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { startStack } from "../../scripts/stack";

const ROOT = path.resolve(__dirname, "../..");

// Ports apart from `npm start`'s so the browser tests run while a developer's stack is up;
// E2E_PORT_BASE moves them so that two test runs can share a machine.
const PORT_BASE = Number(process.env.E2E_PORT_BASE ?? 18000);
/** The demo-mode files' stack (e2e/demo/, e2e/support/demo-setup.ts) sits this far above. */
export const DEMO_PORT_OFFSET = 1000;
export const E2E_MASTER_SECRET = "0x" + "5e".repeat(32);

/**
 * The app's production build, in `dataDir`/dist. The rehearsal's test serves it on a fresh local
 * node run as chain 97: its contracts are a fresh node's
 * (frontend/src/features/chain/deployment-pins.ts), not deployments/97.json's.
 */
export function buildApp(dataDir: string): string {
  const buildDir = path.join(dataDir, "dist");
  execFileSync(
    path.join(ROOT, "node_modules/.bin/vite"),
    ["build", "--config", "frontend/vite.config.ts", "--outDir", buildDir, "--emptyOutDir", "--logLevel", "warn"],
    { cwd: ROOT, stdio: "inherit", env: { ...process.env, VITE_LOCAL_NODE_CHAINS: "97" } },
  );
  return buildDir;
}

/** The stack of e2e/*.e2e.test.ts: they share its chain, which verify-chain.e2e.test.ts checks last. */
export function setup(project: TestProject): Promise<() => Promise<void>> {
  return startSharedStack(project, PORT_BASE);
}

/**
 * Starts a stack for one project's files and answers its teardown: each project gets its own, so
 * that `vitest run --project e2e --project e2e-demo` stops both stacks.
 */
export async function startSharedStack(project: TestProject, portBase: number): Promise<() => Promise<void>> {
  const ports = { chain: portBase + 545, server: portBase + 1, frontend: portBase + 173 };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "degen-e2e-"));
  const buildDir = buildApp(dataDir);
  const stack = await startStack({
    ports,
    frontend: "preview",
    previewDir: buildDir,
    logs: path.join(ROOT, "e2e/logs", String(portBase)),
    // A known master secret: the tests derive the house's seeds to choose client seeds that
    // force a win or a loss, the way no player can (the app has no test-only path for it).
    serverEnv: { DATA_DIR: path.join(dataDir, "db"), MASTER_SECRET: E2E_MASTER_SECRET },
  });
  project.provide("appUrl", stack.appUrl);
  project.provide("apiUrl", stack.apiUrl);
  project.provide("rpcUrl", stack.rpcUrl);
  project.provide("masterSecret", E2E_MASTER_SECRET);
  // The production build, for a test file that runs a private stack of its own.
  project.provide("appBuildDir", buildDir);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module "vitest" {
  export interface ProvidedContext {
    appUrl: string;
    apiUrl: string;
    rpcUrl: string;
    masterSecret: string;
    /** The production build the shared stack previews (a private stack may serve it too). */
    appBuildDir: string;
  }
}
