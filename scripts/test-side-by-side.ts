// `npm test` after the chromium check, in two phases of runs side by side, each line prefixed with
// its run's name; the exit status fails when any run fails, and a failed first phase skips the second.
// 1. The checks the tests need or that fail fastest: lint beside the contracts' compile (which writes
//    the typings every test imports). One after the other they kept one of the two cores idle.
// 2. The tests: the browser tests, the server's tests then the browser files on private stacks, the
//    other unit tests, and the contract tests then the demo-mode browser tests then the type check. Together they keep both cores busy, which none does alone.
//    In phase 1 the type check ran alone after the compile (lint 44 s, compile 63 s, typecheck
//    34 s). One vitest run with every project cannot do this: its queue holds the server's files
//    behind the browser files until the last one (verify-chain) may run.
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";

const ROOT = path.resolve(__dirname, "..");
const VITEST = path.join(ROOT, "node_modules/.bin/vitest");
const HARDHAT = path.join(ROOT, "node_modules/.bin/hardhat");

type Command = [string, string[]];

const CHECKS: Record<string, Command[]> = {
  lint: [["npm", ["run", "--silent", "lint"]]],
  build: [["npm", ["run", "--silent", "build:contracts"]]],
};

const TESTS: Record<string, Command[]> = {
  e2e: [[VITEST, ["run", "--project", "e2e"]]],
  // A vitest run takes the files of every project that runs its files one at a time (server,
  // server-processes, verifier) one at a time, after the other projects' files: in one run the
  // server's alone took 560 of its 860 s (ci75) on one core. Two runs take them side by side.
  server: [
    [VITEST, ["run", "--project", "server"]],
    // The browser files on private stacks of their own (the rehearsal, ~70 s; one-click play with the
    // relay paused, 75–82 s) follow the server's files, which share their modules and end first
    // (ci73: 601 s against 767–875 s): in the browser run the second lengthened the longest run.
    [VITEST, ["run", "--project", "e2e-private"]],
  ],
  unit: [[VITEST, ["run", "--maxWorkers", "2", "--project", "engine", "--project", "frontend", "--project", "verifier", "--project", "server-processes"]]],
  // The contract tests end long before the other two runs (ci69: 265 s against 715 and 821); the
  // demo-mode browser files (e2e/demo/, about 200 s, on a stack of their own) then fill that time
  // instead of lengthening the e2e run.
  "contracts/e2e-demo": [
    [HARDHAT, ["test"]],
    // The demo files go two at a time (vitest.config.mts): 99 s where one at a time took 174 s of
    // tests alone, and 498 s in ci98, the longest run.
    [VITEST, ["run", "--maxWorkers", "2", "--project", "e2e-demo"]],
    // The type check last in the run that ends first, where it finds the cores least busy: at the
    // start of phase 2, beside every stack starting up, it took 153 s for its 31 s alone (ci93).
    // Since the demo files go two at a time this run ends first (ci99–ci101: 609–729 s against
    // 727–834 s), and the type check at the end of the unit run made that run the longest (ci101).
    ["npm", ["run", "--silent", "typecheck"]],
  ],
};

function run(name: string, [command, args]: Command): Promise<number> {
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

/** Runs the commands one after the other, stopping at the first that fails. */
async function inSequence(name: string, commands: Command[]): Promise<number> {
  for (const command of commands) {
    const code = await run(name, command);
    if (code !== 0) return code;
  }
  return 0;
}

async function sideBySide(runs: Record<string, Command[]>): Promise<boolean> {
  const codes = await Promise.all(Object.entries(runs).map(([name, commands]) => inSequence(name, commands)));
  return codes.every((code) => code === 0);
}

async function main(): Promise<void> {
  process.exitCode = (await sideBySide(CHECKS)) && (await sideBySide(TESTS)) ? 0 : 1;
}

void main();
