import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formatEther, getAddress, isAddress, isHexString, parseEther } from "ethers";
import { LOCAL_CHAIN_ID } from "./chain/chains";
import type { SettlerMode } from "./cluster/cluster";
import { DEFAULT_FEED_LIMITS, type FeedLimits } from "./feed/live-bets";
import { DEFAULT_PLAYER_TX_BUDGETS, DEFAULT_SESSION_BET_BUDGETS, type PlayerTxBudgets, type SessionBetBudgets } from "./chain/budgets";
import { DEFAULT_RATE_LIMITS, type RateLimits } from "./http/limits";
import { compileTrustProxy, DEFAULT_TRUST_PROXY } from "./http/trust-proxy";
import { isLogLevel, LOG_LEVELS, logger, type LogLevel } from "./observability/log";
import type { HealthLimits } from "./observability/status";
import { MIN_BET } from "./engine";
import type { TokenSymbol } from "./tokens";

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");

/** Hardhat dev account #1: the settler of every local deployment (docs/decisions.md §9). */
const LOCAL_SETTLER_KEY = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";

export interface Deployment {
  chainId: number;
  deploymentBlock: number;
  deployer: string;
  settler: string;
  /**
   * The contracts the Casino deploys itself (CasinoRelay, CasinoSwap, CasinoLimits) and those it
   * names (CasinoSessions, GameRules) are absent from files written before deploy.ts recorded them:
   * the server reads them from the Casino. Its external libraries (SessionPlay, HouseAdmin,
   * BetSettlement, BetClaims), linked into its bytecode, are recorded for the operator only.
   */
  contracts: { DegenToken: string; Casino: string } & Partial<Record<HelperContract | CasinoLibrary, string>>;
}

/** The contracts the server reads from the Casino, and checks against the deployment file when it names them. */
export const HELPER_CONTRACTS = ["CasinoRelay", "CasinoSwap", "CasinoSessions", "CasinoLimits", "GameRules"] as const;
export type HelperContract = (typeof HELPER_CONTRACTS)[number];

export interface ServerConfig {
  host: string;
  port: number;
  rpcUrl: string;
  /** The RPC the browser's wallet is told to use, when not the chain table's (or RPC_URL on a local chain). */
  publicRpcUrl: string | undefined;
  /** The block explorer the browser links to, when not the chain table's. */
  explorerUrl: string | undefined;
  /** The frontend origin: the only CORS origin and the SIWE domain. */
  appOrigin: string;
  /** WALLETCONNECT_PROJECT_ID: the app offers WalletConnect only when one is set (issue #22). */
  walletConnectProjectId: string | undefined;
  /** The built app (npm run build) this server also serves on its own origin; undefined: the API only. */
  appDir: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  deploymentFile: string | undefined;
  settlerPrivateKey: string;
  /** 32-byte hex; when absent, a secret generated once is kept in the database. */
  masterSecret: string | undefined;
  sessionSecret: string | undefined;
  priceBnbUrl: string | undefined;
  priceDegenUrl: string | undefined;
  pollIntervalMs: number;
  blackjackIdleMs: number;
  settlerBatchSize: number;
  /** Session bets per CasinoSessions.play transaction (sessions/relay.ts). */
  relayBatchSize: number;
  /** CasinoSessions.play transactions a relay round sends together, each for other players (sessions/relay.ts). */
  relayBatchesPerRound: number;
  /** How many session bets the house relays (and pays the gas of) per address and for everyone. */
  sessionBetBudgets: SessionBetBudgets;
  /** An open DEGEN bet this many blocks old has its jackpot entropy locked on chain (settler/entropy-locks.ts). */
  jackpotLockAfterBlocks: number;
  /** Blocks a log must be deep before it is recorded; undefined: 0 on the local chain, 2 elsewhere. */
  settlerConfirmations: number | undefined;
  /** RATE_LIMIT_*_PER_MINUTE: requests per minute per IP, per signed-in address, and per IP signing in. */
  rateLimits: RateLimits;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For names the caller (http/trust-proxy.ts). */
  trustProxy: string;
  /** METRICS_TOKEN: when set, GET /metrics needs `Authorization: Bearer <token>`; unset, only this host may read it. */
  metricsToken: string | undefined;
  /** How many live feed streams are held, and for how long (feed/live-bets.ts). */
  feedLimits: FeedLimits;
  /** How many transactions the settler sends for players (commitments, relays). */
  playerTxBudgets: PlayerTxBudgets;
  /** RELAY_MIN_DEGEN, RELAY_MIN_BNB: the smallest amount a relayed withdrawal or swap may move, per token (wei). */
  relayMinimum: Record<TokenSymbol, bigint>;
  /** ONE_CLICK_MIN_STAKE_*: the smallest stake of a one-click bet, per token (wei); unset: oneClickFloorFor's default. */
  oneClickMinStake: Record<TokenSymbol, bigint | undefined>;
  /** on: contend for the settler lease; paused: lead but send no settlement; off: never lead (web-only). */
  settlerMode: SettlerMode;
  logLevel: LogLevel;
  /** HEALTH_*: when GET /api/health reports the instance degraded (observability/status.ts). */
  health: HealthLimits;
}

export class ConfigError extends Error {}

const isSettlerMode = (value: string): value is SettlerMode => value === "on" || value === "paused" || value === "off";

type Env = Record<string, string | undefined>;

function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

function integerSetting(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/** A decimal amount of a token (18 decimals), in wei. */
function amountSetting(env: Env, name: string, fallback: string): bigint {
  const raw = optional(env, name) ?? fallback;
  if (!/^\d{1,12}(\.\d{1,18})?$/.test(raw)) throw new ConfigError(`${name} must be a decimal amount with at most 18 decimals, got "${raw}"`);
  return parseEther(raw);
}

/** A stake floor of a token, when set: at least the Casino's minimum bet, below which no bet is placed anyway. */
function stakeFloorSetting(env: Env, name: string, token: TokenSymbol): bigint | undefined {
  if (optional(env, name) === undefined) return undefined;
  const floor = amountSetting(env, name, "0");
  if (floor < MIN_BET[token]) throw new ConfigError(`${name} must be at least the Casino's minimum bet, ${formatEther(MIN_BET[token])} ${token}`);
  return floor;
}

function trustProxySetting(env: Env): string {
  const raw = optional(env, "TRUST_PROXY") ?? DEFAULT_TRUST_PROXY;
  try {
    compileTrustProxy(raw);
  } catch (error) {
    throw new ConfigError(
      `TRUST_PROXY must be none, a hop count, or a comma-separated list of addresses, subnets, loopback, linklocal and uniquelocal (${(error as Error).message}), got "${raw}"`,
    );
  }
  return raw;
}

/** A WalletConnect Cloud project id: 32 hex digits. */
function walletConnectProjectIdSetting(env: Env): string | undefined {
  const raw = optional(env, "WALLETCONNECT_PROJECT_ID");
  if (raw !== undefined && !/^[0-9a-f]{32}$/i.test(raw))
    throw new ConfigError("WALLETCONNECT_PROJECT_ID must be a WalletConnect project id: 32 hexadecimal digits");
  return raw;
}

function metricsTokenSetting(env: Env): string | undefined {
  const raw = optional(env, "METRICS_TOKEN");
  if (raw !== undefined && !/^\S{16,200}$/.test(raw)) throw new ConfigError("METRICS_TOKEN must be 16 to 200 characters without spaces");
  return raw;
}

function urlSetting(name: string, raw: string): string {
  try {
    const url = new URL(raw);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("not http(s)");
    return raw;
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
}

function secretSetting(env: Env, name: string): string | undefined {
  const raw = optional(env, name);
  if (raw === undefined) return undefined;
  if (!isHexString(raw, 32)) throw new ConfigError(`${name} must be 32 bytes of 0x-prefixed hex`);
  return raw.toLowerCase();
}

/** The one-click budgets; an address's own share of the hour is at most what it may bet in an hour. */
function sessionBetBudgetsSetting(env: Env): SessionBetBudgets {
  const perAddressPerHour = integerSetting(env, "SESSION_BETS_PER_ADDRESS_PER_HOUR", DEFAULT_SESSION_BET_BUDGETS.perAddressPerHour, 0, 100_000_000);
  const share = Math.min(DEFAULT_SESSION_BET_BUDGETS.sharePerAddressPerHour, perAddressPerHour);
  return {
    perAddressPerDay: integerSetting(env, "SESSION_BETS_PER_ADDRESS_PER_DAY", DEFAULT_SESSION_BET_BUDGETS.perAddressPerDay, 0, 100_000_000),
    perAddressPerHour,
    allPlayersPerHour: integerSetting(env, "SESSION_BETS_PER_HOUR", DEFAULT_SESSION_BET_BUDGETS.allPlayersPerHour, 0, 100_000_000),
    sharePerAddressPerHour: integerSetting(env, "SESSION_BETS_SHARE_PER_ADDRESS_PER_HOUR", share, 0, perAddressPerHour),
  };
}

function builtApp(appDir: string): string {
  const dir = path.resolve(REPO_ROOT, appDir);
  if (!existsSync(path.join(dir, "index.html"))) throw new ConfigError(`APP_DIR ${dir} has no index.html: build the app first (npm run build)`);
  return dir;
}

/**
 * Reads every setting from the environment. Settings that depend on the chain (the settler key)
 * are resolved by `resolveChainSettings` once the chain id is known.
 */
export function readConfig(env: Env = process.env): ServerConfig {
  const host = optional(env, "HOST") ?? "127.0.0.1";
  const port = integerSetting(env, "PORT", 3001, 1, 65535);
  const rpcUrl = urlSetting("RPC_URL", optional(env, "RPC_URL") ?? "http://127.0.0.1:8545");
  const appDir = optional(env, "APP_DIR");
  // Serving the app itself, the server is the app's origin unless a proxy in front says otherwise;
  // listening on every interface, it cannot tell which of its names the browser uses.
  if (appDir !== undefined && optional(env, "APP_ORIGIN") === undefined && (host === "0.0.0.0" || host === "::")) {
    throw new ConfigError(`APP_ORIGIN is required with APP_DIR when HOST is ${host}: the origin players open (e.g. https://casino.example)`);
  }
  const defaultOrigin = appDir === undefined ? "http://127.0.0.1:5173" : `http://${host}:${port}`;
  const appOrigin = urlSetting("APP_ORIGIN", optional(env, "APP_ORIGIN") ?? defaultOrigin);
  if (new URL(appOrigin).origin !== appOrigin.replace(/\/$/, "")) {
    throw new ConfigError(`APP_ORIGIN must be an origin (scheme://host[:port]) without a path, got "${appOrigin}"`);
  }
  const databaseUrl = optional(env, "DATABASE_URL");
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError("DATABASE_URL must start with postgres:// or postgresql://");
  }
  const publicRpcUrl = optional(env, "PUBLIC_RPC_URL");
  const explorerUrl = optional(env, "EXPLORER_URL");
  const priceBnbUrl = optional(env, "PRICE_BNB_URL");
  const priceDegenUrl = optional(env, "PRICE_DEGEN_URL");
  const settlerMode = optional(env, "SETTLER") ?? "on";
  if (!isSettlerMode(settlerMode)) throw new ConfigError(`SETTLER must be on, paused or off, got "${settlerMode}"`);
  // A web-only instance sends nothing itself: its transactions wait for a lease holder, which only a shared PostgreSQL can have elsewhere.
  if (settlerMode === "off" && databaseUrl === undefined)
    throw new ConfigError("SETTLER=off needs DATABASE_URL (another instance, sharing the database, must hold the settler lease)");
  const logLevel = optional(env, "LOG_LEVEL") ?? "info";
  if (!isLogLevel(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")}, got "${logLevel}"`);
  return {
    host,
    port,
    rpcUrl,
    publicRpcUrl: publicRpcUrl === undefined ? undefined : urlSetting("PUBLIC_RPC_URL", publicRpcUrl),
    explorerUrl: explorerUrl === undefined ? undefined : urlSetting("EXPLORER_URL", explorerUrl),
    appOrigin: new URL(appOrigin).origin,
    walletConnectProjectId: walletConnectProjectIdSetting(env),
    appDir: appDir === undefined ? undefined : builtApp(appDir),
    dataDir: path.resolve(REPO_ROOT, optional(env, "DATA_DIR") ?? "data"),
    databaseUrl,
    deploymentFile: optional(env, "DEPLOYMENT_FILE"),
    settlerPrivateKey: optional(env, "SETTLER_PRIVATE_KEY") ?? "",
    masterSecret: secretSetting(env, "MASTER_SECRET"),
    sessionSecret: secretSetting(env, "SESSION_SECRET"),
    priceBnbUrl: priceBnbUrl === undefined ? undefined : urlSetting("PRICE_BNB_URL", priceBnbUrl),
    priceDegenUrl: priceDegenUrl === undefined ? undefined : urlSetting("PRICE_DEGEN_URL", priceDegenUrl),
    pollIntervalMs: integerSetting(env, "SETTLER_POLL_MS", 250, 50, 60_000),
    blackjackIdleMs: integerSetting(env, "BLACKJACK_IDLE_MS", 300_000, 1_000, 1_800_000),
    // 200 keeps a batch's gas limit (settler/plan.ts settlementGasLimit) under EIP-7825's 2^24 cap per transaction.
    settlerBatchSize: integerSetting(env, "SETTLER_BATCH_SIZE", 100, 1, 200),
    // 235 keeps a relay transaction's gas limit (sessions/relay-plan.ts playGasLimit) under the same cap;
    // a relay round sends up to RELAY_BATCHES_PER_ROUND such transactions, and two rounds may be in
    // flight (sessions/relay.ts ROUNDS_IN_FLIGHT): at 200 and 3, up to 1,200 bets a block, about 70M gas.
    relayBatchSize: integerSetting(env, "RELAY_BATCH_SIZE", 200, 1, 235),
    relayBatchesPerRound: integerSetting(env, "RELAY_BATCHES_PER_ROUND", 3, 1, 10),
    sessionBetBudgets: sessionBetBudgetsSetting(env),
    // At most 200: the lock must land while plain BLOCKHASH (256 blocks, every EVM chain) still
    // shows the hash, whether or not the chain also keeps EIP-2935's 8191.
    jackpotLockAfterBlocks: integerSetting(env, "SETTLER_JACKPOT_LOCK_BLOCKS", 128, 1, 200),
    settlerConfirmations: optional(env, "SETTLER_CONFIRMATIONS") === undefined ? undefined : integerSetting(env, "SETTLER_CONFIRMATIONS", 0, 0, 64),
    rateLimits: {
      perIpPerMinute: integerSetting(env, "RATE_LIMIT_IP_PER_MINUTE", DEFAULT_RATE_LIMITS.perIpPerMinute, 1, 100_000_000),
      perAddressPerMinute: integerSetting(env, "RATE_LIMIT_ADDRESS_PER_MINUTE", DEFAULT_RATE_LIMITS.perAddressPerMinute, 1, 100_000_000),
      authPerIpPerMinute: integerSetting(env, "RATE_LIMIT_AUTH_PER_MINUTE", DEFAULT_RATE_LIMITS.authPerIpPerMinute, 1, 100_000_000),
    },
    trustProxy: trustProxySetting(env),
    metricsToken: metricsTokenSetting(env),
    feedLimits: {
      perIp: integerSetting(env, "LIVE_FEED_STREAMS_PER_IP", DEFAULT_FEED_LIMITS.perIp, 1, 1_000),
      total: integerSetting(env, "LIVE_FEED_STREAMS", DEFAULT_FEED_LIMITS.total, 1, 1_000_000),
      lifetimeMs: integerSetting(env, "LIVE_FEED_STREAM_MINUTES", DEFAULT_FEED_LIMITS.lifetimeMs / 60_000, 1, 1_440) * 60_000,
    },
    playerTxBudgets: {
      perAddressPerDay: integerSetting(env, "PLAYER_TXS_PER_ADDRESS_PER_DAY", DEFAULT_PLAYER_TX_BUDGETS.perAddressPerDay, 0, 1_000_000),
      relaysPerAddressPerDay: integerSetting(env, "RELAYS_PER_ADDRESS_PER_DAY", DEFAULT_PLAYER_TX_BUDGETS.relaysPerAddressPerDay, 0, 1_000_000),
      allPlayersPerHour: integerSetting(env, "PLAYER_TXS_PER_HOUR", DEFAULT_PLAYER_TX_BUDGETS.allPlayersPerHour, 0, 1_000_000),
      sharePerAddressPerHour: integerSetting(env, "PLAYER_TXS_SHARE_PER_ADDRESS_PER_HOUR", DEFAULT_PLAYER_TX_BUDGETS.sharePerAddressPerHour, 0, 1_000),
    },
    // The Casino's minimum bets: the house already pays a settlement's gas for a stake that small.
    relayMinimum: { DEGEN: amountSetting(env, "RELAY_MIN_DEGEN", "1"), BNB: amountSetting(env, "RELAY_MIN_BNB", "0.001") },
    oneClickMinStake: {
      DEGEN: stakeFloorSetting(env, "ONE_CLICK_MIN_STAKE_DEGEN", "DEGEN"),
      BNB: stakeFloorSetting(env, "ONE_CLICK_MIN_STAKE_BNB", "BNB"),
    },
    settlerMode,
    logLevel,
    health: {
      // 80 blocks: 60 s at BSC's 0.75 s blocks, the same wait HEALTH_MAX_BET_AGE_S allows a bet.
      maxLagBlocks: integerSetting(env, "HEALTH_MAX_LAG_BLOCKS", 80, 1, 100_000),
      maxBetAgeSeconds: integerSetting(env, "HEALTH_MAX_BET_AGE_S", 60, 1, 86_400),
      // 10 s: a session bet normally lands in the next block; ten blocks at 1 s (13 at 0.75 s) is a stuck relay.
      maxRelayWaitSeconds: integerSetting(env, "HEALTH_MAX_RELAY_WAIT_S", 10, 1, 86_400),
      minSettlerBalanceWei: amountSetting(env, "HEALTH_MIN_SETTLER_BALANCE", "0.05"),
      minSettlerRunwayHours: integerSetting(env, "HEALTH_MIN_SETTLER_RUNWAY_H", 24, 0, 1_000_000),
    },
  };
}

/** The settler key: required on every chain but the local one, where it defaults to dev account #1. */
export function settlerKeyFor(config: ServerConfig, chainId: number): string {
  const key = config.settlerPrivateKey || (chainId === LOCAL_CHAIN_ID ? LOCAL_SETTLER_KEY : "");
  if (!key) throw new ConfigError(`SETTLER_PRIVATE_KEY is required on chain ${chainId}`);
  if (!isHexString(key, 32)) throw new ConfigError("SETTLER_PRIVATE_KEY must be 32 bytes of 0x-prefixed hex");
  return key;
}

const DEFAULT_ONE_CLICK_FLOOR: Record<TokenSymbol, bigint> = { DEGEN: parseEther("6"), BNB: parseEther("0.001") };

/**
 * The smallest one-click stake per token: the settings, else the stakes of which one bet's relay gas
 * (60,000 at 0.1 gwei) is at most 1 %, 6 DEGEN at the swap desk's 10,000 per BNB and 0.001 BNB (the
 * minimum bet; 0.0006 would do), docs/decisions.md §3, "The smallest one-click stake". On the local
 * chain the minimum bets: its gas is the node's own ether, and the floor would only send the local
 * stack's small stakes to the wallet.
 */
export function oneClickFloorFor(config: ServerConfig, chainId: number): Record<TokenSymbol, bigint> {
  const fallback = chainId === LOCAL_CHAIN_ID ? MIN_BET : DEFAULT_ONE_CLICK_FLOOR;
  return { DEGEN: config.oneClickMinStake.DEGEN ?? fallback.DEGEN, BNB: config.oneClickMinStake.BNB ?? fallback.BNB };
}

function deployedAddress(name: string, value: unknown): string {
  if (typeof value !== "string" || !isAddress(value)) throw new Error(`contracts.${name} is not an address: ${JSON.stringify(value)}`);
  return getAddress(value);
}

/** The Casino's external libraries (scripts/casino-contracts.ts), as deployment files record them. */
const CASINO_LIBRARIES = ["SessionPlay", "HouseAdmin", "BetSettlement", "BetClaims"] as const;
type CasinoLibrary = (typeof CASINO_LIBRARIES)[number];

export function loadDeployment(config: ServerConfig, chainId: number, settlerAddress: string): Deployment {
  const file = path.resolve(REPO_ROOT, config.deploymentFile ?? path.join("deployments", `${chainId}.json`));
  const name = config.deploymentFile ? "DEPLOYMENT_FILE" : "deployment file";
  if (!existsSync(file)) throw new ConfigError(`${name} ${file} does not exist (deploy the contracts first)`);
  let parsed: Deployment;
  try {
    parsed = JSON.parse(readFileSync(file, "utf8")) as Deployment;
    const { contracts } = parsed;
    contracts.Casino = deployedAddress("Casino", contracts.Casino);
    contracts.DegenToken = deployedAddress("DegenToken", contracts.DegenToken);
    for (const name of [...HELPER_CONTRACTS, ...CASINO_LIBRARIES] as const) {
      if (contracts[name] !== undefined) contracts[name] = deployedAddress(name, contracts[name]);
    }
    // Part of the deployment's identity (db/state.ts) and where the settler starts reading.
    if (!Number.isSafeInteger(parsed.deploymentBlock) || parsed.deploymentBlock < 0) {
      throw new Error(`deploymentBlock is not a block number: ${JSON.stringify(parsed.deploymentBlock)}`);
    }
  } catch (error) {
    throw new ConfigError(`${name} ${file} is malformed: ${(error as Error).message}`);
  }
  if (Number(parsed.chainId) !== chainId) {
    throw new ConfigError(`${name} ${file} is for chain ${parsed.chainId}, but RPC_URL serves chain ${chainId}`);
  }
  if (parsed.settler && getAddress(parsed.settler) !== settlerAddress) {
    logger("config").warn(`The deployment's settler ${parsed.settler} is not SETTLER_PRIVATE_KEY's address ${settlerAddress}`);
  }
  return parsed;
}
