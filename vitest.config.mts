import { configDefaults, defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";

const engineDir = fileURLToPath(new URL("./engine/src", import.meta.url));
const frontendSrcDir = fileURLToPath(new URL("./frontend/src", import.meta.url));
const typechainDir = fileURLToPath(new URL("./typechain-types", import.meta.url));
const bindingsDir = fileURLToPath(new URL("./bindings", import.meta.url));

/**
 * vitest's own file order (failed, then slow files first), with e2e/verify-chain.e2e.test.ts
 * moved after every other file: it runs `npm run verify` over the chain the browser tests leave,
 * so every bet they place must be on it. The e2e files run one at a time (fileParallelism: false)
 * in this order. A sharded run (--shard) would need that file in the last shard, with the others.
 */
class VerifyChainLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (file: TestSpecification) => file.moduleId.endsWith("/e2e/verify-chain.e2e.test.ts");
    return [...sorted.filter((file) => !last(file)), ...sorted.filter(last)];
  }
}

/** Files that start a private stack (the BSC Testnet rehearsal, the relay paused): a project of their own runs them beside the other browser files. */
const PRIVATE_STACKS = ["e2e/bsc-rehearsal.e2e.test.ts", "e2e/one-click-fallback.e2e.test.ts"];

/** The browser projects: e2e/ on the chain that verify-chain checks, e2e/demo/ on a stack of its own, the private stacks. */
const BROWSER_TESTS = {
  environment: "node",
  fileParallelism: false,
  testTimeout: 120_000,
  hookTimeout: 120_000,
  // expect.poll waits on the page and the chain, whose pace is the machine's: vitest's 1 s
  // default failed a wallet request that a click sends after gas estimation, on CI's two
  // shared cores (blackjack-web3's split). A failing poll still fails, only later.
  expect: { poll: { timeout: 20_000 } },
} as const;

/** Server files start servers and rewind their project's shared node (shared-chain.setup.ts). */
const SERVER_TESTS = {
  environment: "node",
  globalSetup: ["server/test/support/shared-chain.setup.ts"],
  fileParallelism: false,
  testTimeout: 120_000,
  hookTimeout: 180_000,
} as const;

// Explicit includes: Hardhat's mocha tests in test/ and the browser tests in e2e/ must never be
// collected by vitest.
export default defineConfig({
  test: {
    sequence: { sequencer: VerifyChainLast },
    projects: [
      {
        test: {
          name: "engine",
          include: ["engine/test/**/*.test.ts"],
          environment: "node",
        },
      },
      // Two projects for the server's files, each with a node of its own, so that two vitest runs
      // can take them side by side: a project's files run one at a time (fileParallelism: false),
      // and one run takes every such file of every project one at a time, after the others.
      {
        test: {
          name: "server",
          include: ["server/test/**/*.test.ts"],
          exclude: [...configDefaults.exclude, "server/test/processes/**"],
          ...SERVER_TESTS,
          // Its files, one at a time in one worker, share the modules they import instead of loading
          // the server's (ethers, drizzle, PGlite, express) again for each of 43 files: alone on an
          // idle 2-core machine 168 CPU-s instead of 245. What a file changes in shared modules it sets
          // back (observability.test.ts the log level).
          isolate: false,
        },
      },
      {
        test: {
          name: "server-processes",
          include: ["server/test/processes/**/*.test.ts"],
          ...SERVER_TESTS,
        },
      },
      {
        test: {
          name: "verifier",
          include: ["verifier/test/**/*.test.ts"],
          environment: "node",
          globalSetup: ["server/test/support/shared-chain.setup.ts"],
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias: { "@engine": engineDir, "@typechain": typechainDir, "@bindings": bindingsDir, "@": frontendSrcDir } },
        test: {
          name: "frontend",
          include: ["frontend/src/**/*.test.{ts,tsx}"],
          // A file that renders nothing says `// @vitest-environment node` on its first line: jsdom's
          // set-up costs 0.43 CPU-s a file, and 27 of the 83 files need no DOM (107 against 125 CPU-s).
          environment: "jsdom",
          setupFiles: ["frontend/src/test/setup.ts"],
          // A hang detector, as in the other projects, not vitest's 5 s default. These tests wait on
          // fake timers and the DOM, never on the wall clock, but they are CPU-bound: beside the
          // browser and contract runs on 2 cores with one more core's load (load average 9-11), tests
          // of 0.3-1.3 s alone took 5.1-6.7 s; the first of a file renders a whole page in jsdom.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          ...BROWSER_TESTS,
          name: "e2e",
          include: ["e2e/**/*.e2e.test.ts"],
          exclude: [...configDefaults.exclude, "e2e/demo/**", ...PRIVATE_STACKS],
          globalSetup: ["e2e/support/global-setup.ts"],
        },
      },
      {
        test: {
          ...BROWSER_TESTS,
          name: "e2e-private",
          include: PRIVATE_STACKS,
          globalSetup: ["e2e/support/private-stack-setup.ts"],
        },
      },
      {
        test: {
          ...BROWSER_TESTS,
          name: "e2e-demo",
          include: ["e2e/demo/**/*.e2e.test.ts"],
          globalSetup: ["e2e/support/demo-setup.ts"],
          // Two files at once: each plays on virtual funds of its own, in a browser of its own, and
          // spends most of its time waiting on the game's own pace (reels, flights, fights), not
          // on the CPU. One at a time they made the longest run of `npm test` (ci98: 498 s).
          fileParallelism: true,
        },
      },
    ],
  },
});
