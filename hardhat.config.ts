import path from "node:path";
import { subtask } from "hardhat/config";
import { isDeepStrictEqual } from "node:util";
import { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD, TASK_COMPILE_SOLIDITY_MERGE_COMPILATION_JOBS, TASK_TEST_GET_TEST_FILES } from "hardhat/builtin-tasks/task-names";
import type { HardhatUserConfig } from "hardhat/config";
import type { CompilationJob } from "hardhat/types";
// Types only: the plugins themselves load below, for every command but `hardhat node`.
import type {} from "@nomicfoundation/hardhat-toolbox";
import { loadEnvFile } from "./scripts/env-file";

// `hardhat node` only serves the network configured below: the toolbox's plugins (ethers, TypeChain,
// chai matchers, coverage, gas reporter, verify) and the operator's tasks serve commands run in this
// process. Loading them took a node's CPU to its first answer from about 5 s to 3.5 s, and the
// tests start about 40 nodes.
if (process.argv[2] !== "node") {
  require("@nomicfoundation/hardhat-toolbox");
  // The operator's commands: npx hardhat casino:status --network localhost (tasks/index.ts).
  require("./tasks");
}

// EDR, Hardhat's EVM, records a trace of every call and transaction it runs, in buffers that its
// allocator (mimalloc) gives back to the system soon after they are freed: the next call then takes
// fresh pages again, faulted in and zeroed. Told to keep them, EDR ran each call of the invariant
// fuzz (test/Casino.invariant.test.ts) 2 to 3 times as fast: 1,000 operations in 12 s instead of
// 20 s. Set before EDR loads (when the network's provider is first made), unless set already; not
// under coverage, whose instrumented runs take the memory they take.
if (!process.argv.includes("coverage")) process.env.MIMALLOC_PURGE_DELAY ??= "-1";

const SOLC_VERSION = "0.8.28";

// Settings from .env at the repo root (or the file ENV_FILE names; ENV_FILE= reads none), as the
// server reads them (scripts/env-file.ts). Variables already set in the environment win.
loadEnvFile(__dirname);

// Hardhat rejects a malformed private key while loading the config, before scripts/deploy.ts can
// name the faulty variable; so pass the key only when it is well formed and let the script explain.
const deployerKey = process.env.PRIVATE_KEY ?? "";
const bscAccounts = /^(0x)?[0-9a-fA-F]{64}$/.test(deployerKey) ? [deployerKey] : [];

// Hardhat downloads solc from the internet by default; this machine and CI have no internet,
// so compile with the solc-js build shipped inside the exactly pinned `solc` npm package.
subtask(TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD, async (args: { solcVersion: string }, _hre, runSuper) => {
  if (args.solcVersion !== SOLC_VERSION) return runSuper();
  const solcDir = path.dirname(require.resolve("solc/package.json"));
  const { version } = require("solc/package.json") as { version: string };
  if (version !== SOLC_VERSION) throw new Error(`npm package solc is ${version}, expected ${SOLC_VERSION}`);
  return {
    compilerPath: path.join(solcDir, "soljson.js"),
    isSolcJs: true,
    version: SOLC_VERSION,
    longVersion: require("solc").version() as string,
  };
});

// One compilation job per settings, not per override: Hardhat merges only the jobs of one settings
// object, and each override (below) is an object of its own, so SessionPlay and CasinoSessions, each
// of which the other's job compiles too, took a job each.
subtask(TASK_COMPILE_SOLIDITY_MERGE_COMPILATION_JOBS, async (args: { compilationJobs: CompilationJob[] }, _hre, runSuper) => {
  const merged: CompilationJob[] = [];
  for (const job of (await runSuper(args)) as CompilationJob[]) {
    const same = merged.findIndex((other) => isDeepStrictEqual(other.getSolcConfig(), job.getSolcConfig()));
    if (same === -1) merged.push(job);
    else merged[same] = merged[same].merge(job);
  }
  return merged;
});

// Test files in a stable order with the long invariant fuzz (*.invariant.test.ts) last: under
// solidity-coverage, hits of tests running after the fuzz went unrecorded.
subtask(TASK_TEST_GET_TEST_FILES, async (args, _hre, runSuper) => {
  const files = (await runSuper(args)) as string[];
  const isInvariant = (file: string) => file.endsWith(".invariant.test.ts");
  return [...files].sort((a, b) => Number(isInvariant(a)) - Number(isInvariant(b)) || a.localeCompare(b));
});

// `hardhat node` may play another chain: the BSC Testnet rehearsal (scripts/rehearsal.ts) starts it
// as chain 97 with a block every 0.75 s instead of one per transaction. Timestamps are whole seconds:
// without allowBlocksWithSameTimestamp each block would be stamped a second after the last, and at
// sub-second blocks the chain's clock would run ahead of the wall clock (20 s a minute at 0.75 s),
// bringing settle windows and signature deadlines early. BSC, too, stamps several blocks alike.
function positiveIntegerSetting(name: string): number | undefined {
  const raw = process.env[name]?.trim();
  if (!raw) return undefined;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer, got "${raw}"`);
  return value;
}
const nodeChainId = positiveIntegerSetting("NODE_CHAIN_ID") ?? 31337;
const nodeBlockTimeMs = positiveIntegerSetting("NODE_BLOCK_TIME_MS");

// Hardhat's default hardfork (Osaka) caps a transaction at 2^24 gas (EIP-7825); under
// solidity-coverage the instrumented Casino, which deploys its relay and swap desk, needs more.
const underCoverage = process.argv.includes("coverage");

function contractSettings(runs: number) {
  return { viaIR: true, optimizer: { enabled: true, runs }, evmVersion: "cancun" };
}

const config: HardhatUserConfig = {
  solidity: {
    compilers: [
      {
        version: SOLC_VERSION,
        // The IR pipeline at 100 runs keeps the Casino's runtime under the 24 KiB limit and its init
        // code (which carries its limits, relay and swap desk) under EIP-3860's 48 KiB: 200 runs gave
        // 49,134 bytes once the sessions held a stake (issue #37 item 2), 100 runs 48,784. CasinoSessions
        // is now deployed before the Casino (scripts/casino-contracts.ts): 37,905 bytes with mines.
        // solidity-coverage compiles through it too, optimizer on: the legacy pipeline without the
        // optimizer, its default, runs out of stack on CasinoSessions and SessionPlay.
        settings: contractSettings(100),
      },
    ],
    // What one-click play runs for every bet, both far below the size limit, optimized for gas
    // over size (docs/decisions.md 2026-11-28, "within 50,000 gas"): a relay bet costs about 1,400
    // gas less (npm run bench:gas), the two grew from 9.4 and 11.7 KB to 10.9 and 16.4 KB, and a
    // whole compile, in one job more, took 61.8 s alone instead of 56.6 (68.5 as two jobs; in CI,
    // beside the lint, 86 s as two jobs instead of 63). GameRules at these runs saved about 100 gas
    // more a bet for another 4 s: not taken. `npm run build:contracts` compiles the two jobs side
    // by side (--concurrency 2; Hardhat's default is the cores less one, here one): 53 s alone
    // instead of 61, with the same artifacts and typings byte for byte.
    overrides: Object.fromEntries(
      ["contracts/casino/SessionPlay.sol", "contracts/CasinoSessions.sol"].map((file) => [
        file,
        { version: SOLC_VERSION, settings: contractSettings(1_000_000) },
      ]),
    ),
  },
  paths: { sources: "./contracts", tests: "./test", cache: "./cache", artifacts: "./artifacts" },
  typechain: { outDir: "typechain-types", target: "ethers-v6" },
  networks: {
    // 30 dev accounts (Hardhat's 20 were not enough): every browser test file signs with its own.
    hardhat: {
      chainId: nodeChainId,
      accounts: { count: 30 },
      ...(nodeBlockTimeMs ? { mining: { auto: false, interval: nodeBlockTimeMs }, allowBlocksWithSameTimestamp: true } : {}),
      ...(underCoverage ? { hardfork: "prague" } : {}),
    },
    localhost: { url: process.env.LOCAL_RPC_URL ?? "http://127.0.0.1:8545", chainId: 31337 },
    bscTestnet: { url: process.env.BSC_TESTNET_RPC_URL ?? "", chainId: 97, accounts: bscAccounts },
  },
  etherscan: { apiKey: process.env.BSCSCAN_API_KEY ?? "" },
  sourcify: { enabled: false },
  gasReporter: { enabled: process.env.REPORT_GAS === "true", offline: true, currency: "USD" },
  // A hang detector; none under coverage, whose instrumented calls run several times slower (test/helpers.ts hangDetector).
  mocha: { timeout: underCoverage ? 0 : 120_000 },
};

export default config;
