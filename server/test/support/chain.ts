import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { Network, NonceManager, parseEther, Wallet, ZeroAddress, type JsonRpcProvider } from "ethers";
import { Casino__factory, DegenToken__factory, type Casino, type DegenToken } from "../../../typechain-types";
import { deployCasinoContracts } from "../../../scripts/casino-contracts";
import { exitWithParent } from "../../../scripts/exit-with-parent";
import { KeepAliveJsonRpcProvider } from "../../src/chain/rpc";
import { REPO_ROOT } from "../../src/config";

/** Hardhat's dev mnemonic keys: #0 deployer, #1 settler, #2.. players. */
export const DEV_KEYS = [
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
  "0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
  "0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e",
  "0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356",
] as const;

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface TestChain {
  rpcUrl: string;
  provider: JsonRpcProvider;
  deploymentFile: string;
  casino: Casino;
  token: DegenToken;
  players: Wallet[];
  stop(): Promise<void>;
}

/** The deployment every test chain starts from: the contracts, the house funded, each player with 1M DEGEN. */
export interface ChainBaseline {
  deploymentBlock: number;
  deployer: string;
  settler: string;
  contracts: { DegenToken: string; Casino: string };
}

/** A `hardhat node` on a free port, its request log off, and how to kill it. */
export async function spawnNode(): Promise<{ rpcUrl: string; kill(): Promise<void> }> {
  const port = await freePort();
  const node: ChildProcess = spawn(path.join(REPO_ROOT, "node_modules", ".bin", "hardhat"), ["node", "--hostname", "127.0.0.1", "--port", String(port)], {
    cwd: REPO_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  exitWithParent(node);
  node.stdout!.resume();
  node.stderr!.resume();
  const rpcUrl = `http://127.0.0.1:${port}`;
  const kill = async () => {
    if (node.exitCode !== null || node.signalCode !== null) return;
    const exited = new Promise((r) => node.once("exit", r));
    process.kill(-node.pid!, "SIGKILL");
    await exited;
  };
  try {
    for (;;) {
      try {
        const answer = await fetch(rpcUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_chainId", params: [] }),
        });
        if (answer.ok) break;
      } catch {
        // A node that is still starting refuses the connection; one that died says so below.
        if (node.exitCode !== null) throw new Error("hardhat node did not start");
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    // The node's request log goes nowhere here (its output is drained), and writing it names the
    // contract and function of every call a request makes: in the relay bench, more than half of
    // the node's CPU (51 s with it, 21 s without).
    await rpc(rpcUrl, "hardhat_setLoggingEnabled", [false]);
    return { rpcUrl, kill };
  } catch (error) {
    await kill();
    throw error;
  }
}

/** One JSON-RPC call, for the shared node's setup where no provider is kept. */
export async function rpc(rpcUrl: string, method: string, params: unknown[]): Promise<unknown> {
  const answer = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await answer.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

const testProvider = (rpcUrl: string) =>
  new KeepAliveJsonRpcProvider(rpcUrl, Network.from(31337), { staticNetwork: true, pollingInterval: 50, cacheTimeout: -1 });

/** Deploys DegenToken + Casino from dev key #0, funds the house and gives every player 1M DEGEN. */
export async function deployBaseline(rpcUrl: string): Promise<ChainBaseline> {
  const provider = testProvider(rpcUrl);
  try {
    const deployer = new NonceManager(new Wallet(DEV_KEYS[0], provider));
    const settler = new Wallet(DEV_KEYS[1]);
    const { token, casino, deploymentBlock } = await deployCasinoContracts(deployer, await deployer.getAddress(), settler.address);
    const casinoAddress = await casino.getAddress();
    await (await token.approve(casinoAddress, parseEther("20000000"))).wait();
    await (await casino.fundBankroll(await token.getAddress(), parseEther("10000000"))).wait();
    await (await casino.fundJackpot(parseEther("1000000"))).wait();
    await (await casino.fundBankroll(ZeroAddress, parseEther("1000"), { value: parseEther("1000") })).wait();
    for (const key of DEV_KEYS.slice(2)) await (await token.transfer(new Wallet(key).address, parseEther("1000000"))).wait();
    return {
      deploymentBlock,
      deployer: await deployer.getAddress(),
      settler: settler.address,
      contracts: { DegenToken: await token.getAddress(), Casino: casinoAddress },
    };
  } finally {
    provider.destroy();
  }
}

/** The test's view of a baseline deployment on `rpcUrl`: its deployment file in `workDir`, contracts, players. */
export function chainOn(rpcUrl: string, baseline: ChainBaseline, workDir: string, release: () => Promise<void>): TestChain {
  const provider = testProvider(rpcUrl);
  const deployer = new NonceManager(new Wallet(DEV_KEYS[0], provider));
  const deploymentFile = path.join(workDir, "deployment.json");
  writeFileSync(deploymentFile, JSON.stringify({ chainId: 31337, ...baseline }));
  return {
    rpcUrl,
    provider,
    deploymentFile,
    casino: Casino__factory.connect(baseline.contracts.Casino, deployer),
    token: DegenToken__factory.connect(baseline.contracts.DegenToken, deployer),
    players: DEV_KEYS.slice(2).map((key) => new Wallet(key, provider)),
    async stop() {
      provider.destroy();
      await release();
    },
  };
}

/** A fresh `hardhat node` of this test's own on a free port with DegenToken + Casino deployed and funded. */
export async function startChain(workDir: string): Promise<TestChain> {
  const node = await spawnNode();
  try {
    return chainOn(node.rpcUrl, await deployBaseline(node.rpcUrl), workDir, node.kill);
  } catch (error) {
    await node.kill();
    throw error;
  }
}

/** Transactions of an account waiting in the node's mempool. */
export async function pendingCount(provider: JsonRpcProvider, address: string): Promise<number> {
  return (await provider.getTransactionCount(address, "pending")) - (await provider.getTransactionCount(address, "latest"));
}
