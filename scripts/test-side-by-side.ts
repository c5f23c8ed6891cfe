// `npm test`'s second half: the browser tests, the unit tests and the contract tests side by side.
// The browser and unit runs spend most of their time waiting for blocks, animations and child
// processes, so on a 2-core machine (CI) the three take little longer together than the browser
// tests alone, where one after the other cost 3 minutes more (the contract tests). One vitest run
// with every project cannot do this: its queue holds the server's files behind the browser files
// until the last one (verify-chain) may run. Each line is prefixed with its run's name; the exit
// status fails when any run fails.
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";

const ROOT = path.resolve(__dirname, "..");
const VITEST = path.join(ROOT, "node_modules/.bin/vitest");
const HARDHAT = path.join(ROOT, "node_modules/.bin/hardhat");

const RUNS: Record<string, [string, string[]]> = {
  e2e: [VITEST, ["run", "--project", "e2e"]],
  // Two workers: the engine's and frontend's files run beside the server's, which run one at a time.
  unit: [VITEST, ["run", "--maxWorkers", "2", "--project", "engine", "--project", "server", "--project", "verifier", "--project", "frontend"]],
  contracts: [HARDHAT, ["test"]],
};

function run(name: string, [command, args]: [string, string[]]): Promise<number> {
  const started = Date.now();
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "0" }, stdio: ["ignore", "pipe", "pipe"] });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on("line", (line) => console.log(`[${name}] ${line}`));
  }
  return new Promise((resolve) => {
    child.on("exit", (code, signal) => {
      console.log(
        `[${name}] ${path.basename(command)} ${args.join(" ")}: ${code === 0 ? "passed" : `failed (${signal ?? code})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
      resolve(code ?? 1);
    });
  });
}

async function main(): Promise<void> {
  const codes = await Promise.all(Object.entries(RUNS).map(([name, command]) => run(name, command)));
  process.exitCode = codes.every((code) => code === 0) ? 0 : 1;
}

void main();
