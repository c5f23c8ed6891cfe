/**
 * The BSC Testnet dress rehearsal (`npm run rehearsal`, README "Running it on BSC Testnet"): the
 * whole stack as it runs on the real network, against a local `hardhat node` started as chain 97
 * with a block every 0.75 s, as BSC makes them. The contracts are deployed by `npm run deploy:bsc-testnet`'s own path
 * (scripts/deploy.ts on network bscTestnet, settings from the environment as .env gives them),
 * the server runs on its chain-97 settings (2 confirmations, SETTLER_PRIVATE_KEY required, the
 * chain's public RPC replaced by the local node) and serves the built app itself (npm run serve).
 * Only the keys differ: Hardhat's dev accounts, which the local node funds.
 * e2e/bsc-rehearsal.e2e.test.ts plays through it in a browser.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { HDNodeWallet, JsonRpcProvider, NonceManager, parseEther } from "ethers";
import { DegenToken__factory } from "../typechain-types/factories/contracts/DegenToken.sol/DegenToken__factory";
import { PortInUseError, startStack, stopOnSignals, type ChainSetup, type Stack, type StackPorts } from "./stack";

export const REHEARSAL_CHAIN_ID = 97;
/** BSC's block interval (README.md, "Settings counted in blocks"). */
export const REHEARSAL_BLOCK_TIME_MS = 750;
const HARDHAT_MNEMONIC = "test test test test test test test test test test test junk";
/** Hardhat dev account #index: the rehearsal's deployer (#0), settler (#1), team (#17–#19) and players. */
export const devKey = (index: number): HDNodeWallet => HDNodeWallet.fromPhrase(HARDHAT_MNEMONIC, undefined, `m/44'/60'/0'/0/${index}`);
/** What the operator hands each player to play with (a faucet's part on the real network). */
export const PLAYER_DEGEN = parseEther("100000");
/** The rehearsal's BNB bankroll (the real deploy's default is none: BANKROLL_BNB). */
const BANKROLL_BNB = "100";

export interface RehearsalOptions {
  ports: StackPorts;
  /** The built app (npm run build: frontend/dist) the server serves. */
  appDir: string;
  /** Dev account indexes that receive PLAYER_DEGEN from the deployer after the deployment. */
  players: number[];
  logs: "inherit" | string;
  /** Extra server settings (e.g. MASTER_SECRET). */
  serverEnv?: Record<string, string>;
}

export interface Rehearsal extends Stack {
  /** The deployment file deploy.ts wrote (a temp file: never deployments/97.json). */
  deploymentFile: string;
  /** The environment that points `npx hardhat casino:… --network bscTestnet` at this chain. */
  operatorEnv: Record<string, string>;
}

/** Sends every transfer at once (one block, not one block each), then waits for all of them. */
async function handOutDegen(rpcUrl: string, deploymentFile: string, players: number[]): Promise<void> {
  const provider = new JsonRpcProvider(rpcUrl, REHEARSAL_CHAIN_ID, { staticNetwork: true, pollingInterval: 500 });
  try {
    const { contracts } = JSON.parse(readFileSync(deploymentFile, "utf8")) as { contracts: { DegenToken: string } };
    const deployer = new NonceManager(devKey(0).connect(provider));
    const token = DegenToken__factory.connect(contracts.DegenToken, deployer);
    const sent = [];
    for (const index of players) sent.push(await token.transfer(devKey(index).address, PLAYER_DEGEN));
    await Promise.all(sent.map((tx) => tx.wait()));
  } finally {
    provider.destroy();
  }
}

export async function startRehearsal(options: RehearsalOptions): Promise<Rehearsal> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), "degen-rehearsal-"));
  const deploymentFile = path.join(workDir, `${REHEARSAL_CHAIN_ID}.json`);
  const rpcUrl = `http://127.0.0.1:${options.ports.chain}`;
  const operatorEnv = { ENV_FILE: "", BSC_TESTNET_RPC_URL: rpcUrl, PRIVATE_KEY: devKey(0).privateKey, DEPLOYMENT_FILE: deploymentFile };
  const chain: ChainSetup = {
    nodeEnv: { NODE_CHAIN_ID: String(REHEARSAL_CHAIN_ID), NODE_BLOCK_TIME_MS: String(REHEARSAL_BLOCK_TIME_MS) },
    deploy: () => ({
      network: "bscTestnet",
      env: {
        ...operatorEnv,
        SETTLER_ADDRESS: devKey(1).address,
        TEAM_WALLETS: [17, 18, 19].map((index) => devKey(index).address).join(","),
        BANKROLL_BNB,
        // Verification would call the real explorer about contracts it has never seen.
        BSCSCAN_API_KEY: "",
      },
    }),
    afterDeploy: () => handOutDegen(rpcUrl, deploymentFile, options.players),
  };
  try {
    const stack = await startStack({
      ports: options.ports,
      chain,
      frontend: "served",
      appDir: options.appDir,
      logs: options.logs,
      serverEnv: {
        SETTLER_PRIVATE_KEY: devKey(1).privateKey,
        DEPLOYMENT_FILE: deploymentFile,
        // The wallet is told to add chain 97 with this RPC instead of the public BSC Testnet's.
        PUBLIC_RPC_URL: rpcUrl,
        DATA_DIR: path.join(workDir, "data"),
        ...options.serverEnv,
      },
    });
    return {
      ...stack,
      deploymentFile,
      operatorEnv,
      async stop() {
        await stack.stop();
        rmSync(workDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(workDir, { recursive: true, force: true });
    throw error;
  }
}

async function main(): Promise<void> {
  let rehearsal: Rehearsal | undefined;
  const shutdown = stopOnSignals("the rehearsal", async () => rehearsal?.stop());

  const player = 2;
  try {
    rehearsal = await startRehearsal({
      ports: { chain: 8597, server: 3097 },
      appDir: path.resolve(__dirname, "..", "frontend", "dist"),
      players: [player],
      logs: "inherit",
    });
  } catch (error) {
    console.error(error instanceof PortInUseError ? error.message : `Could not start the rehearsal: ${(error as Error).message}`);
    return shutdown(1);
  }
  const exports = Object.entries(rehearsal.operatorEnv)
    .map(([name, value]) => `${name}=${value}`)
    .join(" ");
  console.log(`
  BSC Testnet dress rehearsal: local chain ${REHEARSAL_CHAIN_ID}, a block every ${REHEARSAL_BLOCK_TIME_MS / 1000} s, settled at 2 confirmations.

    App + API    ${rehearsal.appUrl}   (/api/health, /metrics)
    Chain        ${rehearsal.rpcUrl}   (chain id ${REHEARSAL_CHAIN_ID})
    Deployment   ${rehearsal.deploymentFile}

  Operator commands against it, in another terminal:
    export ${exports}
    npx hardhat casino:status --network bscTestnet

  A player with ${Number(PLAYER_DEGEN / 10n ** 18n).toLocaleString("en-US")} DEGEN (local test chain only, never use it elsewhere):
    Address      ${devKey(player).address}
    Private key  ${devKey(player).privateKey}
  Connecting, the app asks the wallet to add and switch to chain 97 at ${rehearsal.rpcUrl}.

  Press Ctrl-C to stop everything (the rehearsal's chain and state are thrown away).
`);
}

if (require.main === module) void main();
