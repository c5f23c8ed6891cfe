import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { Wallet } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chainDefinition, KNOWN_CHAINS } from "../../src/chain/chains";
import { loadDeployment, readConfig, REPO_ROOT } from "../../src/config";
import { APP_ORIGIN, CHAIN_ID, SIWE_DOMAIN, startServerOn, startTestServer, tempDir, type TestServer } from "../support/app";
import { DEV_KEYS } from "../support/chain";
import { Client } from "../support/http";
import { SERVER_COMMAND } from "../../../scripts/server-bundle";

let server: TestServer;
let temp: ReturnType<typeof tempDir>;
beforeAll(async () => {
  server = await startTestServer({}, { settler: false });
  temp = tempDir();
});
afterAll(async () => {
  await server?.close();
  temp?.dispose();
});

/** Another server over the same chain, on a database of its own, with extra settings. */
async function withServer(env: Record<string, string>, check: (client: Client) => Promise<void>): Promise<void> {
  const other = await startServerOn(server.chain, { DATA_DIR: path.join(temp.dir, `db-${Date.now()}`), ...env }, { settler: false });
  try {
    await check(new Client(other.url, APP_ORIGIN));
  } finally {
    await other.close();
  }
}

/** A copy of the test chain's deployment file with `contracts` changed. */
function deploymentWith(contracts: Record<string, string>): string {
  const deployment = JSON.parse(readFileSync(server.chain.deploymentFile, "utf8"));
  const file = path.join(temp.dir, `deployment-${Date.now()}.json`);
  writeFileSync(file, JSON.stringify({ ...deployment, contracts: { ...deployment.contracts, ...contracts } }));
  return file;
}

describe("GET /api/config", () => {
  it("describes the chain, the deployed contracts and the SIWE terms, without a session, never cached", async () => {
    const casino = server.chain.casino;
    const deployment = JSON.parse(readFileSync(server.chain.deploymentFile, "utf8"));
    const answer = await new Client(server.url, APP_ORIGIN).get("/api/config");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-cache");
    expect(answer.headers.get("content-type")).toMatch(/^application\/json/);
    expect(answer.body).toEqual({
      chain: {
        id: CHAIN_ID,
        hexId: "0x7a69",
        name: "Hardhat Local",
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: [server.chain.rpcUrl],
        blockExplorerUrls: [],
      },
      contracts: {
        DegenToken: await server.chain.token.getAddress(),
        Casino: await casino.getAddress(),
        CasinoRelay: await casino.relay(),
        CasinoSwap: await casino.swapDesk(),
        CasinoSessions: await casino.sessions(),
        CasinoLimits: await casino.limits(),
      },
      deploymentBlock: deployment.deploymentBlock,
      settler: await casino.settler(),
      blackjackIdleMs: 300_000,
      siwe: { domain: SIWE_DOMAIN, uri: APP_ORIGIN, chainId: CHAIN_ID },
      relay: { minAmount: { DEGEN: "1", BNB: "0.001" }, perAddressPerDay: 10 },
      // The local chain's one-click floor is the Casino's minimum bet (one-click-floor.test.ts sets one).
      sessions: { betsPerAddressPerDay: 5_000, relayBatchSize: 200, minStake: { DEGEN: "1", BNB: "0.001" } },
      // No WALLETCONNECT_PROJECT_ID: the app offers no WalletConnect.
      walletConnectProjectId: null,
    });
    expect(answer.body.settler).toBe(new Wallet(DEV_KEYS[1]).address);
    // The test chain's file predates CasinoRelay, CasinoSwap, CasinoSessions, CasinoLimits: they were read from the Casino.
    expect(deployment.contracts.CasinoRelay).toBeUndefined();
    expect(deployment.contracts.CasinoSessions).toBeUndefined();
  });

  it("takes PUBLIC_RPC_URL and EXPLORER_URL over the table's RPC and explorer, and publishes BLACKJACK_IDLE_MS", async () => {
    const env = { PUBLIC_RPC_URL: "https://rpc.example.org/degen", EXPLORER_URL: "https://scan.example.org", BLACKJACK_IDLE_MS: "60000" };
    await withServer(env, async (client) => {
      const { chain, blackjackIdleMs } = (await client.get("/api/config")).body;
      expect(blackjackIdleMs).toBe(60_000);
      expect(chain.rpcUrls).toEqual(["https://rpc.example.org/degen"]);
      expect(chain.blockExplorerUrls).toEqual(["https://scan.example.org"]);
      expect(chain.name).toBe("Hardhat Local");
    });
  });

  it("accepts a deployment file naming the Casino's contracts as deploy.ts writes them, and refuses one naming others", async () => {
    const casino = server.chain.casino;
    const helpers = {
      CasinoRelay: await casino.relay(),
      CasinoSwap: await casino.swapDesk(),
      CasinoSessions: await casino.sessions(),
      CasinoLimits: await casino.limits(),
    };
    await withServer(
      { DEPLOYMENT_FILE: deploymentWith({ ...helpers, CasinoRelay: helpers.CasinoRelay.toLowerCase(), GameRules: await casino.rules() }) },
      async (client) => {
        expect((await client.get("/api/config")).body.contracts).toMatchObject(helpers);
      },
    );
    const stale = deploymentWith({ CasinoSwap: helpers.CasinoRelay });
    await expect(withServer({ DEPLOYMENT_FILE: stale }, async () => {})).rejects.toThrow(
      `the deployment file names CasinoSwap ${helpers.CasinoRelay}, but the Casino's is ${helpers.CasinoSwap}`,
    );
    const staleSessions = deploymentWith({ CasinoSessions: helpers.CasinoLimits });
    await expect(withServer({ DEPLOYMENT_FILE: staleSessions }, async () => {})).rejects.toThrow(
      `the deployment file names CasinoSessions ${helpers.CasinoLimits}, but the Casino's is ${helpers.CasinoSessions}`,
    );
  });

  it("refuses to start when the deployment file's DegenToken is not the Casino's token, naming both", async () => {
    const casinoToken = await server.chain.casino.degen();
    const other = Wallet.createRandom().address;
    await expect(withServer({ DEPLOYMENT_FILE: deploymentWith({ DegenToken: other }) }, async () => {})).rejects.toThrow(
      `the deployment file names DegenToken ${other}, but the Casino's token is ${casinoToken}`,
    );
  });

  it("refuses a deployment file whose addresses or block are malformed, naming the field", () => {
    const settler = new Wallet(DEV_KEYS[1]).address;
    const load = (file: string) => loadDeployment(readConfig({ DEPLOYMENT_FILE: file }), CHAIN_ID, settler);
    expect(() => load(deploymentWith({ CasinoRelay: "0x1234" }))).toThrow(/is malformed: contracts\.CasinoRelay is not an address: "0x1234"/);
    // A mixed-case address with a wrong checksum is a typo, not an address.
    const casino = JSON.parse(readFileSync(server.chain.deploymentFile, "utf8")).contracts.Casino as string;
    const badChecksum = casino.slice(0, 2) + [...casino.slice(2)].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join("");
    expect(() => load(deploymentWith({ Casino: badChecksum }))).toThrow(/contracts\.Casino is not an address/);
    const noBlock = path.join(temp.dir, "no-block.json");
    writeFileSync(noBlock, JSON.stringify({ ...JSON.parse(readFileSync(server.chain.deploymentFile, "utf8")), deploymentBlock: "12" }));
    expect(() => load(noBlock)).toThrow(/deploymentBlock is not a block number: "12"/);
  });
});

describe("chain definitions (server/src/chain/chains.ts)", () => {
  it("has BSC Testnet as the wallet must be asked to add it", () => {
    const bscTestnet = {
      id: 97,
      hexId: "0x61",
      name: "BSC Testnet",
      nativeCurrency: { name: "tBNB", symbol: "tBNB", decimals: 18 },
      rpcUrls: ["https://data-seed-prebsc-1-s1.bnbchain.org:8545"],
      blockExplorerUrls: ["https://testnet.bscscan.com"],
    };
    expect(KNOWN_CHAINS[97]).toEqual(bscTestnet);
    expect(chainDefinition(97, { rpcUrl: "http://10.0.0.5:8545" })).toEqual(bscTestnet);
  });

  it("has Ethereum Mainnet and BNB Smart Chain, each with an https RPC and explorer", () => {
    expect(KNOWN_CHAINS[1]).toMatchObject({ hexId: "0x1", name: "Ethereum Mainnet", nativeCurrency: { symbol: "ETH", decimals: 18 } });
    expect(KNOWN_CHAINS[56]).toMatchObject({ hexId: "0x38", name: "BNB Smart Chain", nativeCurrency: { symbol: "BNB", decimals: 18 } });
    for (const id of [1, 56, 97]) {
      for (const url of [...KNOWN_CHAINS[id]!.rpcUrls, ...KNOWN_CHAINS[id]!.blockExplorerUrls]) expect(url).toMatch(/^https:\/\//);
    }
  });

  it("describes the local chain with RPC_URL and an empty explorer list (the app leaves it out of wallet_addEthereumChain)", () => {
    expect(chainDefinition(31337, { rpcUrl: "http://127.0.0.1:8545" })).toEqual({
      id: 31337,
      hexId: "0x7a69",
      name: "Hardhat Local",
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: ["http://127.0.0.1:8545"],
      blockExplorerUrls: [],
    });
  });

  it("describes an unknown chain generically, never with the server's private RPC_URL: PUBLIC_RPC_URL or none", () => {
    expect(chainDefinition(12345, { rpcUrl: "https://bsc.provider.example/v1/secret-key" })).toMatchObject({
      id: 12345,
      hexId: "0x3039",
      name: "Chain 12345",
      rpcUrls: [],
      blockExplorerUrls: [],
    });
    expect(chainDefinition(12345, { rpcUrl: "http://127.0.0.1:9000", publicRpcUrl: "https://rpc.example.org" }).rpcUrls).toEqual(["https://rpc.example.org"]);
    expect(chainDefinition(97, { rpcUrl: "http://x", publicRpcUrl: "https://my-node.example.org", explorerUrl: "https://scan.example.org" })).toMatchObject({
      rpcUrls: ["https://my-node.example.org"],
      blockExplorerUrls: ["https://scan.example.org"],
    });
    // The table itself is never changed by an override.
    expect(KNOWN_CHAINS[97]!.rpcUrls).toEqual(["https://data-seed-prebsc-1-s1.bnbchain.org:8545"]);
  });
});

describe("PUBLIC_RPC_URL and EXPLORER_URL settings", () => {
  /** server/src/main.ts (bundled: SERVER_COMMAND) with the setting: it must stop before touching the chain, naming it. */
  async function startMain(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
    const child = spawn(SERVER_COMMAND[0], SERVER_COMMAND[1], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        ENV_FILE: "",
        RPC_URL: server.chain.rpcUrl,
        DEPLOYMENT_FILE: server.chain.deploymentFile,
        DATA_DIR: path.join(temp.dir, "never-used"),
        PORT: "1",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
    return { code, output };
  }

  it("refuses a malformed PUBLIC_RPC_URL at start with a message naming it", async () => {
    const { code, output } = await startMain({ PUBLIC_RPC_URL: "wss://rpc.example.org" });
    expect(code).toBe(1);
    // The log is JSON lines: the message is one line's msg.
    const messages = output.split("\n").flatMap((line) => (line.startsWith("{") ? [(JSON.parse(line) as { msg?: string }).msg] : []));
    expect(messages).toContain('Server failed to start: PUBLIC_RPC_URL must be an http(s) URL, got "wss://rpc.example.org"');
  });

  it("refuses a malformed EXPLORER_URL the same way", () => {
    expect(() => readConfig({ EXPLORER_URL: "bscscan" })).toThrow('EXPLORER_URL must be an http(s) URL, got "bscscan"');
    expect(() => readConfig({ WALLETCONNECT_PROJECT_ID: "my-project" })).toThrow(
      "WALLETCONNECT_PROJECT_ID must be a WalletConnect project id: 32 hexadecimal digits",
    );
    expect(readConfig({ WALLETCONNECT_PROJECT_ID: "0123456789abcdef0123456789ABCDEF" }).walletConnectProjectId).toBe("0123456789abcdef0123456789ABCDEF");
  });

  it("counts the jackpot lock and the health lag in blocks, with defaults sized for BSC's 0.75 s blocks", () => {
    expect(readConfig({})).toMatchObject({ jackpotLockAfterBlocks: 128, health: { maxLagBlocks: 80 } });
    expect(readConfig({ SETTLER_JACKPOT_LOCK_BLOCKS: "64" }).jackpotLockAfterBlocks).toBe(64);
    // The lock must land while plain BLOCKHASH (256 blocks) still shows the hash.
    expect(() => readConfig({ SETTLER_JACKPOT_LOCK_BLOCKS: "256" })).toThrow('SETTLER_JACKPOT_LOCK_BLOCKS must be an integer from 1 to 200, got "256"');
  });

  it("bounds the batch sizes so that a transaction's gas limit stays under EIP-7825's 2^24, and reads the budgets with each wallet's own share of the hour", () => {
    expect(readConfig({})).toMatchObject({
      settlerBatchSize: 100,
      relayBatchSize: 200,
      sessionBetBudgets: { perAddressPerDay: 5_000, perAddressPerHour: 1_000, allPlayersPerHour: 36_000, sharePerAddressPerHour: 60 },
      playerTxBudgets: { perAddressPerDay: 30, relaysPerAddressPerDay: 10, allPlayersPerHour: 600, sharePerAddressPerHour: 3 },
      health: { maxRelayWaitSeconds: 10 },
    });
    expect(() => readConfig({ SETTLER_BATCH_SIZE: "201" })).toThrow('SETTLER_BATCH_SIZE must be an integer from 1 to 200, got "201"');
    expect(() => readConfig({ RELAY_BATCH_SIZE: "236" })).toThrow('RELAY_BATCH_SIZE must be an integer from 1 to 235, got "236"');
    expect(
      readConfig({ SESSION_BETS_PER_ADDRESS_PER_DAY: "20", SESSION_BETS_PER_ADDRESS_PER_HOUR: "5", SESSION_BETS_PER_HOUR: "0" }).sessionBetBudgets,
    ).toEqual({
      perAddressPerDay: 20,
      perAddressPerHour: 5,
      allPlayersPerHour: 0,
      // The default share, 60, is never more than a wallet may bet in its hour.
      sharePerAddressPerHour: 5,
    });
    expect(readConfig({ SESSION_BETS_SHARE_PER_ADDRESS_PER_HOUR: "0", PLAYER_TXS_SHARE_PER_ADDRESS_PER_HOUR: "1" })).toMatchObject({
      sessionBetBudgets: { sharePerAddressPerHour: 0 },
      playerTxBudgets: { sharePerAddressPerHour: 1 },
    });
    expect(() => readConfig({ SESSION_BETS_PER_ADDRESS_PER_HOUR: "5", SESSION_BETS_SHARE_PER_ADDRESS_PER_HOUR: "6" })).toThrow(
      'SESSION_BETS_SHARE_PER_ADDRESS_PER_HOUR must be an integer from 0 to 5, got "6"',
    );
  });

  it("reads settings from the env file (.env, or ENV_FILE), the environment winning over it", async () => {
    const envFile = path.join(temp.dir, "settings.env");
    writeFileSync(envFile, '# the operator\'s settings\nPUBLIC_RPC_URL="wss://from-the-file.example"\n');
    const fromFile = await startMain({ ENV_FILE: envFile });
    expect(fromFile.code).toBe(1);
    expect(fromFile.output).toContain('PUBLIC_RPC_URL must be an http(s) URL, got \\"wss://from-the-file.example\\"');
    const fromEnvironment = await startMain({ ENV_FILE: envFile, PUBLIC_RPC_URL: "wss://from-the-environment.example" });
    expect(fromEnvironment.output).toContain('got \\"wss://from-the-environment.example\\"');
    const missing = await startMain({ ENV_FILE: path.join(temp.dir, "no-such.env") });
    expect(missing.code).toBe(1);
    expect(missing.output).toContain(`ENV_FILE ${path.join(temp.dir, "no-such.env")} cannot be read`);
  });
});
