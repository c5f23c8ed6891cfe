import { Wallet, type JsonRpcProvider } from "ethers";
import { createApp, type AppDeps } from "./app";
import { startSignInPruning } from "./auth/prune";
import { createSignIns } from "./auth/sign-in";
import type { Casino } from "../../typechain-types";
import { Casino__factory } from "../../typechain-types/factories/contracts/Casino__factory";
import { DegenToken__factory } from "../../typechain-types/factories/contracts/DegenToken.sol/DegenToken__factory";
import { CasinoSessions__factory } from "../../bindings/casino";
import { CasinoSwap__factory } from "../../typechain-types/factories/contracts/CasinoSwap__factory";
import { ChainClock } from "./chain/clock";
import { KeptRead } from "./chain/kept-read";
import { ChainRequests } from "./chain/chain-requests";
import { ChainRequestWorker } from "./chain/chain-request-worker";
import { Outbox } from "./chain/outbox";
import { KeepAliveJsonRpcProvider } from "./chain/rpc";
import { TxSender } from "./chain/sender";
import { StakeCheck } from "./chain/stake";
import { chainDefinition, LOCAL_CHAIN_ID } from "./chain/chains";
import type { Cluster } from "./cluster/cluster";
import { localCluster } from "./cluster/local";
import { PostgresCluster } from "./cluster/postgres";
import {
  ConfigError,
  HELPER_CONTRACTS,
  loadDeployment,
  oneClickFloorFor,
  settlerKeyFor,
  type Deployment,
  type HelperContract,
  type ServerConfig,
} from "./config";
import { openDatabase, type Database } from "./db/index";
import { persistentSecret } from "./db/kv";
import type { DeploymentIdentity } from "./db/state";
import type { RateLimits } from "./http/limits";
import { compileTrustProxy } from "./http/trust-proxy";
import { addSecrets, logger, setLogLevel } from "./observability/log";
import { Metrics } from "./observability/metrics";
import { StatusSampler } from "./observability/status";
import { startPriceFeed, type PriceFeed } from "./prices";
import { publicConfig } from "./routes/config";
import { LiveBets } from "./feed/live-bets";
import { Commitments } from "./settler/commitments";
import { Rounds } from "./settler/rounds";
import { SeedVault } from "./settler/seeds";
import { Settler } from "./settler/settler";
import { formatAmount, TOKEN_ADDRESS } from "./tokens";
import { ActionSigners } from "./sessions/actions";
import { SessionBetIntake } from "./sessions/intake";
import { SessionCloser } from "./sessions/closer";
import { SessionKeys } from "./sessions/keys";
import { digestSigner } from "./chain/secp256k1";
import { SessionTypedData } from "./sessions/typed-data";

const log = logger("server");

export interface Services {
  app: import("./app").App;
  /** What the app was built from, so a test can build another app over the same services. */
  appDeps: AppDeps;
  chainId: number;
  database: Database;
  cluster: Cluster;
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

/**
 * The contracts as the Casino names them. The token must be the deployment file's: the server
 * would otherwise read balances, relay and publish (GET /api/config) another token than the one
 * the Casino takes. The Casino's own contracts (CasinoRelay, CasinoSwap, CasinoSessions,
 * CasinoLimits, GameRules) are absent from a deployment file written before deploy.ts recorded
 * them; one that names others is stale, and the app would sign its EIP-712 requests (withdrawals,
 * sessions, bets) for the wrong contract.
 */
async function checkedContracts(casino: Casino, deployment: Deployment): Promise<Record<HelperContract, string>> {
  const [degen, CasinoRelay, CasinoSwap, CasinoSessions, CasinoLimits, GameRules] = await Promise.all([
    casino.degen(),
    casino.relay(),
    casino.swapDesk(),
    casino.sessions(),
    casino.limits(),
    casino.rules(),
  ]);
  if (degen !== deployment.contracts.DegenToken) {
    throw new ConfigError(`the deployment file names DegenToken ${deployment.contracts.DegenToken}, but the Casino's token is ${degen}`);
  }
  const onChain: Record<HelperContract, string> = { CasinoRelay, CasinoSwap, CasinoSessions, CasinoLimits, GameRules };
  for (const name of HELPER_CONTRACTS) {
    const inFile = deployment.contracts[name];
    if (inFile !== undefined && inFile !== onChain[name]) {
      throw new ConfigError(`the deployment file names ${name} ${inFile}, but the Casino's is ${onChain[name]}`);
    }
  }
  return onChain;
}

interface BuildOptions {
  rateLimits?: RateLimits;
  batchSize?: number;
}

/**
 * Everything the server runs, wired from the configuration. The instance contends for the settler
 * lease at once (unless SETTLER=off), and its chain request worker runs while it holds it; the settling
 * loop is started by the caller (`settler.start()`), and runs while the lease is held.
 */
export async function buildServices(config: ServerConfig, options: BuildOptions = {}): Promise<Services> {
  setLogLevel(config.logLevel);
  addSecrets([config.settlerPrivateKey, config.masterSecret ?? "", config.sessionSecret ?? ""]);
  const provider = new KeepAliveJsonRpcProvider(config.rpcUrl, undefined, { staticNetwork: true, pollingInterval: 100, cacheTimeout: -1 });
  try {
    return await wire(config, options, provider);
  } catch (error) {
    // Its kept-alive connections would otherwise outlive a start that failed.
    provider.destroy();
    throw error;
  }
}

async function wire(config: ServerConfig, options: BuildOptions, provider: KeepAliveJsonRpcProvider): Promise<Services> {
  const chainId = await readChainId(provider, config.rpcUrl);
  const settlerKey = settlerKeyFor(config, chainId);
  addSecrets([settlerKey]);
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
  const [helpers, genesis] = await Promise.all([checkedContracts(casino, deployment), provider.getBlock(0)]);
  if (!genesis?.hash) throw new Error(`chain ${chainId} did not return its genesis block`);
  const identity: DeploymentIdentity = { chainId, genesisHash: genesis.hash, casino: casinoAddress, deploymentBlock: deployment.deploymentBlock };

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, identity });
  log.info(`Using state for chain ${chainId}, Casino ${casinoAddress}, genesis ${genesis.hash} (${database.fresh ? "new" : "existing"}) at ${database.where}`);
  const db = database.db;
  const masterSecret = await persistentSecret(db, "master_secret", config.masterSecret);
  const sessionSecret = await persistentSecret(db, "session_secret", config.sessionSecret);
  addSecrets([masterSecret, sessionSecret]);
  const signIns = createSignIns(db, sessionSecret, new URL(config.appOrigin).protocol === "https:");

  const cluster = database.postgres ? new PostgresCluster(db, { ...database.postgres, campaign: config.settlerMode !== "off" }) : localCluster();
  const { lease, signals } = cluster;
  // Only the lease holder may sign: two instances sending from one account would collide on nonces.
  const sender = new TxSender(wallet, provider, () => lease.leading);
  const confirmations = config.settlerConfirmations ?? (chainId === LOCAL_CHAIN_ID ? 0 : 2);
  const oneClickFloor = oneClickFloorFor(config, chainId);
  const status = new StatusSampler({
    db,
    provider,
    settlerAddress: wallet.address,
    casino,
    degenAddress: deployment.contracts.DegenToken,
    lease,
    deploymentBlock: deployment.deploymentBlock,
    confirmations,
  });
  const metrics = new Metrics(status);
  const chainRequests = new ChainRequests(db, signals, config.playerTxBudgets, (kind, outcome) => metrics.countChainRequest(kind, outcome));
  const outbox = new Outbox(db, sender, provider, (ledger, outcome, transactions) => metrics.countOutbox(ledger, outcome, transactions));
  const worker = new ChainRequestWorker(db, outbox, signals);
  const tokenAddresses = { DEGEN: deployment.contracts.DegenToken, BNB: TOKEN_ADDRESS.BNB };
  const seeds = new SeedVault(masterSecret, chainId, casinoAddress);
  const rounds = new Rounds(db, seeds, signals, config.blackjackIdleMs);
  const token = DegenToken__factory.connect(tokenAddresses.DEGEN, provider);
  const stake = new StakeCheck(casino, token, { casino: casinoAddress, degen: tokenAddresses.DEGEN });
  const commitments = new Commitments(db, casino, casinoAddress, seeds, chainRequests, stake);
  const clock = new ChainClock(provider);
  const sessionsContract = CasinoSessions__factory.connect(helpers.CasinoSessions, provider);
  const closer = new SessionCloser({ db, casino, sessions: sessionsContract, sessionsAddress: helpers.CasinoSessions, chainRequests, clock });
  // The rate changes only by an announcement a delay ahead (contracts/CasinoSwap.sol): read once a minute.
  const swapDesk = CasinoSwap__factory.connect(helpers.CasinoSwap, provider);
  const swapRate = new KeptRead(async () => (await swapDesk.terms()).rate, 60_000);
  const settler = new Settler({
    db,
    provider,
    casino,
    casinoAddress,
    sessionsAddress: helpers.CasinoSessions,
    degenAddress: tokenAddresses.DEGEN,
    outbox,
    signals,
    seeds,
    rounds,
    commitments,
    counters: metrics.settlements,
    mode: config.settlerMode,
    deploymentBlock: deployment.deploymentBlock,
    pollIntervalMs: config.pollIntervalMs,
    confirmations,
    batchSize: options.batchSize ?? config.settlerBatchSize,
    jackpotLockAfterBlocks: config.jackpotLockAfterBlocks,
    clock,
    relay: { batchSize: config.relayBatchSize, batchesPerRound: config.relayBatchesPerRound, counters: metrics.relay },
    degenPerBnb: () => swapRate.get(),
    closer,
  });
  const typedData = new SessionTypedData(chainId, helpers.CasinoSessions);
  const sessionKeys = new SessionKeys({
    db,
    provider,
    typedData,
    sessions: sessionsContract,
    casino,
    degenAddress: tokenAddresses.DEGEN,
    seeds,
    sessionsAddress: helpers.CasinoSessions,
    settlerAddress: wallet.address,
    chainRequests,
    stake,
    clock,
    sync: () => settler.sync(),
  });
  const sessionBets = new SessionBetIntake({
    db,
    sharedDatabase: database.kind === "postgres",
    provider,
    casino,
    casinoAddress,
    typedData,
    keys: sessionKeys,
    seeds,
    signals,
    clock,
    budgets: config.sessionBetBudgets,
    minStake: oneClickFloor,
    degenAddress: tokenAddresses.DEGEN,
    countersigner: { address: wallet.address, signDigest: digestSigner(wallet.privateKey) },
  });
  const actionSigners = new ActionSigners(db, provider, typedData, sessionKeys);
  const liveBets = new LiveBets(db, signals, config.feedLimits);
  await liveBets.start();
  const prices = startPriceFeed({ BNB: config.priceBnbUrl, DEGEN: config.priceDegenUrl });
  const chain = chainDefinition(chainId, { rpcUrl: config.rpcUrl, publicRpcUrl: config.publicRpcUrl, explorerUrl: config.explorerUrl });
  if (chain.rpcUrls.length === 0)
    log.warn(`Chain ${chainId} has no public RPC known: set PUBLIC_RPC_URL, or wallets are told none (RPC_URL is never published)`);
  const appDeps: AppDeps = {
    chainId,
    db,
    signIns,
    appOrigin: config.appOrigin,
    casino,
    casinoAddress,
    relayAddress: helpers.CasinoRelay,
    sessionsAddress: helpers.CasinoSessions,
    signals,
    sessionKeys,
    sessionBets,
    actionSigners,
    provider,
    tokenAddresses,
    settler,
    sender,
    chainRequests,
    prices,
    metrics,
    status,
    health: config.health,
    publicConfig: publicConfig({
      chain,
      contracts: {
        DegenToken: deployment.contracts.DegenToken,
        Casino: casinoAddress,
        CasinoRelay: helpers.CasinoRelay,
        CasinoSwap: helpers.CasinoSwap,
        CasinoSessions: helpers.CasinoSessions,
        CasinoLimits: helpers.CasinoLimits,
      },
      sessions: {
        betsPerAddressPerDay: config.sessionBetBudgets.perAddressPerDay,
        relayBatchSize: config.relayBatchSize,
        minStake: { DEGEN: formatAmount(oneClickFloor.DEGEN), BNB: formatAmount(oneClickFloor.BNB) },
      },
      deploymentBlock: deployment.deploymentBlock,
      settler: wallet.address,
      blackjackIdleMs: config.blackjackIdleMs,
      walletConnectProjectId: config.walletConnectProjectId ?? null,
      appOrigin: config.appOrigin,
      relay: {
        minAmount: { DEGEN: formatAmount(config.relayMinimum.DEGEN), BNB: formatAmount(config.relayMinimum.BNB) },
        perAddressPerDay: config.playerTxBudgets.relaysPerAddressPerDay,
      },
    }),
    appDir: config.appDir,
    rateLimits: options.rateLimits ?? config.rateLimits,
    trustProxy: compileTrustProxy(config.trustProxy),
    metricsToken: config.metricsToken,
    playerTxBudgets: config.playerTxBudgets,
    relayMinimum: config.relayMinimum,
    liveBets,
  };
  const app = createApp(appDeps);
  const signInPruning = startSignInPruning(db);

  cluster.onLeadership((leading) => {
    if (leading) {
      // Another holder may have used nonces since this instance last sent.
      void outbox.forgetNonce();
      worker.start();
    } else void worker.stop();
    void settler.setLeading(leading);
  });
  await cluster.start();

  return {
    app,
    appDeps,
    chainId,
    database,
    cluster,
    settler,
    prices,
    provider,
    casinoAddress,
    async close() {
      prices.stop();
      await liveBets.close();
      await signInPruning.stop();
      await settler.stop();
      await worker.stop();
      await cluster.close();
      await settler.setLeading(false);
      await database.close();
      provider.destroy();
    },
  };
}
