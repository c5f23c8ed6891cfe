import { Wallet, type JsonRpcProvider } from "ethers";
import { createApp, type AppDeps } from "./app";
import { createSessions } from "./auth/session";
import { Casino__factory } from "../../typechain-types/factories/contracts/Casino__factory";
import { KeepAliveJsonRpcProvider } from "./chain/rpc";
import { TxSender } from "./chain/sender";
import { LOCAL_CHAIN_ID, loadDeployment, settlerKeyFor, type ServerConfig } from "./config";
import { openDatabase, type Database } from "./db/index";
import { persistentSecret } from "./db/kv";
import type { RateLimits } from "./http/limits";
import { startPriceFeed, type PriceFeed } from "./prices";
import { SeedVault } from "./settler/seeds";
import { Settler } from "./settler/settler";
import { TOKEN_ADDRESS } from "./tokens";

export interface Services {
  app: import("./app").App;
  /** What the app was built from, so a test can build another app over the same services. */
  appDeps: AppDeps;
  chainId: number;
  database: Database;
  settler: Settler;
  prices: PriceFeed;
  provider: JsonRpcProvider;
  casinoAddress: string;
  close(): Promise<void>;
}

export async function readChainId(provider: JsonRpcProvider, rpcUrl: string): Promise<number> {
  try {
    return Number(await provider.send("eth_chainId", []));
  } catch (error) {
    throw new Error(`RPC_URL ${rpcUrl} is not reachable: ${(error as Error).message}`);
  }
}

/** Everything the server runs, wired from the configuration; the settler is started by the caller. */
export async function buildServices(config: ServerConfig, options: { rateLimits?: RateLimits; batchSize?: number } = {}): Promise<Services> {
  const provider = new KeepAliveJsonRpcProvider(config.rpcUrl, undefined, { staticNetwork: true, pollingInterval: 100, cacheTimeout: -1 });
  const chainId = await readChainId(provider, config.rpcUrl);
  const settlerKey = settlerKeyFor(config, chainId);
  const wallet = new Wallet(settlerKey, provider);
  const deployment = loadDeployment(config, chainId, wallet.address);
  const casinoAddress = deployment.contracts.Casino;
  const casino = Casino__factory.connect(casinoAddress, provider);
  const onChainSettler = await casino.settler().catch((error: Error) => {
    throw new Error(`the Casino at ${casinoAddress} does not answer on chain ${chainId}: ${error.message}`);
  });
  if (onChainSettler !== wallet.address) {
    throw new Error(`SETTLER_PRIVATE_KEY is for ${wallet.address}, but the Casino's settler is ${onChainSettler}`);
  }
  const relayAddress = await casino.relay();

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const db = database.db;
  const masterSecret = await persistentSecret(db, "master_secret", config.masterSecret);
  const sessionSecret = await persistentSecret(db, "session_secret", config.sessionSecret);
  const sessions = createSessions(db, sessionSecret, new URL(config.appOrigin).protocol === "https:");
  const sender = new TxSender(wallet, provider);
  const tokenAddresses = { DEGEN: deployment.contracts.DegenToken, BNB: TOKEN_ADDRESS.BNB };
  const settler = new Settler({
    db,
    provider,
    casino,
    casinoAddress,
    degenAddress: tokenAddresses.DEGEN,
    sender,
    seeds: new SeedVault(masterSecret, chainId, casinoAddress),
    deploymentBlock: deployment.deploymentBlock,
    pollIntervalMs: config.pollIntervalMs,
    blackjackIdleMs: config.blackjackIdleMs,
    confirmations: config.settlerConfirmations ?? (chainId === LOCAL_CHAIN_ID ? 0 : 2),
    batchSize: options.batchSize ?? config.settlerBatchSize,
  });
  const prices = startPriceFeed({ BNB: config.priceBnbUrl, DEGEN: config.priceDegenUrl });
  const appDeps: AppDeps = {
    chainId,
    db,
    sessions,
    appOrigin: config.appOrigin,
    casino,
    casinoAddress,
    relayAddress,
    provider,
    tokenAddresses,
    settler,
    sender,
    prices,
    rateLimits: options.rateLimits ?? { perIpPerMinute: config.rateLimitIpPerMinute, perAddressPerMinute: config.rateLimitAddressPerMinute },
  };
  const app = createApp(appDeps);
  return {
    app,
    appDeps,
    chainId,
    database,
    settler,
    prices,
    provider,
    casinoAddress,
    async close() {
      prices.stop();
      await settler.stop();
      await database.close();
      provider.destroy();
    },
  };
}
