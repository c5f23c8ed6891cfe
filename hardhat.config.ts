import path from "node:path";
import { subtask } from "hardhat/config";
import { TASK_COMPILE_SOLIDITY_GET_SOLC_BUILD } from "hardhat/builtin-tasks/task-names";
import type { HardhatUserConfig } from "hardhat/config";
import "@nomicfoundation/hardhat-toolbox";

const SOLC_VERSION = "0.8.28";

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

const config: HardhatUserConfig = {
  solidity: {
    version: SOLC_VERSION,
    settings: { optimizer: { enabled: true, runs: 500 }, evmVersion: "cancun" },
  },
  paths: { sources: "./contracts", tests: "./test", cache: "./cache", artifacts: "./artifacts" },
  typechain: { outDir: "typechain-types", target: "ethers-v6" },
  networks: {
    hardhat: { chainId: 31337 },
    localhost: { url: "http://127.0.0.1:8545", chainId: 31337 },
  },
  mocha: { timeout: 120_000 },
};

export default config;
