import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startStack, type Stack } from "../../scripts/stack";

const ROOT = path.resolve(__dirname, "../..");

/**
 * The app's production build (vite build into a temp folder) served by the whole local stack
 * (chain, contracts, server, preview), ports from `portBase`, as the browser benches measure it.
 * `stop` ends the stack and removes the folder (build, logs, database).
 */
export async function startProductionStack(name: string, portBase: number): Promise<Stack> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `degen-${name}-`));
  const buildDir = path.join(dir, "dist");
  execFileSync(
    path.join(ROOT, "node_modules/.bin/vite"),
    ["build", "--config", "frontend/vite.config.ts", "--outDir", buildDir, "--emptyOutDir", "--logLevel", "warn"],
    { cwd: ROOT, stdio: "inherit" },
  );
  const stack = await startStack({
    ports: { chain: portBase + 545, server: portBase + 1, frontend: portBase + 173 },
    frontend: "preview",
    previewDir: buildDir,
    logs: path.join(dir, "logs"),
    serverEnv: { DATA_DIR: path.join(dir, "db") },
  });
  return {
    ...stack,
    async stop() {
      await stack.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
