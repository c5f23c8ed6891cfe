import { getAddress, id, keccak256, toBeHex, ZeroAddress, type Log, type Provider, type TransactionReceipt } from "ethers";
import { HashChain, jackpotRoll, randomBytes32, randomWord, settleGame, type GameType, type SettlementActions, type Token } from "@engine/index";
import { laneNonce, laneOfNonce, placeInLane } from "@engine/session";
import type { Casino } from "@typechain/contracts/Casino";
import { Casino__factory } from "@typechain/factories/contracts/Casino__factory";
import type { ReadyWallet } from "@/features/wallet/onchain";

/** The terms the local Casino places bets under: a settle window of an hour, jackpot edge 0.5 %, share 5 %. */
const TERMS = 3_600n | (50n << 32n) | (500n << 48n);
/** Jackpot odds of 2^-7: a test sees hits and misses. */
const ODDS = 1n << 40n;
const PRIZE = 60_000n * 10n ** 18n;
/** What a public BSC node refuses beyond. */
const MAX_LOG_RANGE = 5_000;

export interface FakeBet {
  betId: bigint;
  nonce: bigint;
  token: Token;
  amount: bigint;
  gameType: GameType;
  params: bigint;
  clientSeed: string;
  block: number;
  txHash: string;
  settledBlock?: number;
  actions?: SettlementActions | null;
}

/** A lane of the player (docs/decisions.md §4, "lanes"): 0 the wallet's, each session one of its own, with its own chain. */
interface FakeLane {
  seeds: HashChain;
  placed: number;
  resolved: number;
}

type Filter = { address?: string; fromBlock?: unknown; toBlock?: unknown; topics?: (string | string[] | null)[] };

const blockHash = (block: number) => keccak256(toBeHex(block, 32));
const txHash = (label: string) => id(label);

/**
 * One player's bets on a Casino as the contract logs them (encoded with the TypeChain interface),
 * and the reads the browser makes of them: a provider that answers eth_getLogs like a public BSC
 * node (refusing more than 5,000 blocks) and the Casino's views. For jsdom tests of the history.
 */
export class FakeCasinoChain {
  readonly casino = getAddress("0x5fbdb2315678afecb367f032d93f642f64180aa3");
  readonly degen = getAddress("0xe7f1725e7734ce288f8367e1bb143e90bb3f0512");
  readonly sessions = getAddress("0x" + "5e".repeat(20));
  readonly player = getAddress("0x1234567890abcdef1234567890abcdef12345678");
  readonly chainId = 31337;
  readonly deploymentBlock = 100;
  readonly iface = Casino__factory.createInterface();
  /** The wallet lane's chain, posted by CommitmentSet. */
  readonly seeds = new HashChain("0x" + "5e".repeat(32), 64);
  readonly bets: FakeBet[] = [];
  readonly lanes: FakeLane[] = [{ seeds: this.seeds, placed: 0, resolved: 0 }];
  readonly logRequests: { fromBlock: number; toBlock: number }[] = [];
  head = { block: this.deploymentBlock, time: 1_700_000_000 };
  private logs: Log[] = [];
  private receipts = new Map<string, TransactionReceipt>();
  private sentToSessions = new Set<string>();

  constructor() {
    this.emit(this.deploymentBlock + 1, txHash("commit"), [["CommitmentSet", [this.player, this.seeds.commitment, 0n, 64n]]]);
  }

  /** A session opens its lane at `block` (the Casino's LaneOpened, with the root of the lane's own chain); answers the lane's number. */
  openLane(block: number): number {
    const lane = this.lanes.length;
    const seeds = new HashChain(randomBytes32(), 64);
    this.lanes.push({ seeds, placed: 0, resolved: 0 });
    this.emit(block, txHash(`open lane ${lane}`), [["LaneOpened", [this.player, lane, seeds.commitment, 10n ** 21n, 0n]]]);
    return lane;
  }

  /** A bet of `lane` (0: playGame from the wallet; else through CasinoSessions), mined at `block`. */
  place(spec: { gameType: GameType; token: Token; amount: bigint; params: bigint; lane?: number }, block: number): FakeBet {
    const { lane: laneNumber = 0, ...fields } = spec;
    const lane = this.lanes[laneNumber]!;
    const nonce = laneNonce(laneNumber, lane.placed++);
    const bet: FakeBet = { ...fields, nonce, betId: (BigInt(this.player) << 64n) | nonce, clientSeed: randomBytes32(), block, txHash: txHash(`bet ${nonce}`) };
    if (laneNumber !== 0) this.sentToSessions.add(bet.txHash);
    const token = spec.token === "DEGEN" ? this.degen : ZeroAddress;
    const [odds, prize] = spec.token === "DEGEN" ? [ODDS, PRIZE] : [0n, 0n];
    this.emit(block, bet.txHash, [
      ["BetPlaced", [bet.betId, this.player, token, spec.amount, spec.gameType, spec.params, nonce, bet.clientSeed, TERMS, odds, prize]],
    ]);
    this.bets.push(bet);
    return bet;
  }

  /** settle(betId, seed, payout) at `block` with its lane's link (or, `linkOff`, another of its chain), paying the rules' payout plus `wrongBy`. */
  settle(
    bet: FakeBet,
    block: number,
    { wrongBy = 0n, actions = null, linkOff = 0 }: { wrongBy?: bigint; actions?: SettlementActions | null; linkOff?: number } = {},
  ): void {
    const lane = this.lanes[Number(laneOfNonce(bet.nonce))]!;
    const seed = lane.seeds.seed(Number(placeInLane(bet.nonce)) + 1 + linkOff);
    const word = randomWord({ seed, clientSeed: bet.clientSeed, player: this.player, nonce: bet.nonce, chainId: this.chainId, casino: this.casino });
    const payout = settleGame({ gameType: bet.gameType, token: bet.token, stake: bet.amount, params: bet.params, word, actions }).payout + wrongBy;
    const events: [string, unknown[]][] = [
      ["BetSettled", [bet.betId, seed, word]],
      ["GamePlayed", [this.player, bet.amount, payout, payout > bet.amount, bet.gameType]],
    ];
    if (bet.token === "DEGEN") {
      const entropy = blockHash(bet.block);
      const hit = jackpotRoll(this.casino, bet.betId, entropy) < ODDS;
      const prize = PRIZE;
      // Only a hit is published (a miss is recomputed from the bet's block hash).
      if (hit) events.push(["JackpotDrawn", [bet.betId, entropy, prize, hit]], ["JackpotWon", [this.player, prize]]);
    }
    this.emit(block, txHash(`settle ${bet.nonce}`), events);
    Object.assign(bet, { settledBlock: block, actions });
    lane.resolved = Number(placeInLane(bet.nonce)) + 1;
  }

  /** GET /api/fairness/bets as the server answers it (the parts the browser reads): by nonce, highest first. */
  serverBets(limit: number, beforeNonce: bigint) {
    return this.bets
      .filter((bet) => bet.nonce < beforeNonce)
      .sort((a, b) => (a.nonce < b.nonce ? 1 : -1))
      .slice(0, limit)
      .map((bet) => ({
        betId: bet.betId.toString(),
        nonce: bet.nonce.toString(),
        status: bet.settledBlock === undefined ? "open" : "settled",
        placedBlock: bet.block,
        settledBlock: bet.settledBlock ?? null,
        actions: bet.settledBlock === undefined ? null : (bet.actions ?? null),
      }));
  }

  /** What readyWallet() gives the history: the config, the account and the Casino's reads. */
  wallet(explorer: string | null = null): ReadyWallet {
    const casino = {
      interface: this.iface,
      getAddress: async () => this.casino,
      commitmentOf: async () => {
        const wallet = this.lanes[0]!;
        const next = BigInt(wallet.placed);
        return [this.seeds.commitment, next, 64n - next, this.seeds.commitment, BigInt(wallet.resolved), 64n];
      },
      laneOf: async (_player: string, number: bigint | number) => {
        const lane = this.lanes[Number(number)]!;
        return [lane.seeds.commitment, laneNonce(number, lane.placed), laneNonce(number, lane.resolved), [0n, 0n]];
      },
      getBet: async (betId: bigint) => {
        const bet = this.bets.find((candidate) => candidate.betId === betId);
        const open = bet !== undefined && bet.settledBlock === undefined;
        return { open, claimableAt: open ? BigInt(this.head.time + 3_600) : 0n };
      },
    } as unknown as Casino;
    return {
      config: {
        chain: {
          id: this.chainId,
          hexId: "0x7a69",
          name: "Hardhat",
          nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
          rpcUrls: [],
          blockExplorerUrls: explorer ? [explorer] : [],
        },
        contracts: {
          DegenToken: this.degen,
          Casino: this.casino,
          CasinoRelay: ZeroAddress,
          CasinoSwap: ZeroAddress,
          CasinoSessions: ZeroAddress,
          CasinoLimits: ZeroAddress,
        },
        deploymentBlock: this.deploymentBlock,
        settler: ZeroAddress,
        siwe: { domain: "localhost", uri: "http://localhost", chainId: this.chainId },
      },
      account: this.player,
      provider: this.provider(),
      contracts: { casino, sessions: { lanesOf: async () => BigInt(this.lanes.length - 1) } },
    } as unknown as ReadyWallet;
  }

  provider(): ReadyWallet["provider"] {
    const provider: Pick<Provider, "getLogs" | "getTransaction" | "getTransactionReceipt" | "getBlockNumber" | "getBlock"> = {
      getLogs: async (filter: Filter) => this.getLogs(filter),
      // A wallet bet goes to the Casino itself (playGame), a session's to CasinoSessions.
      getTransaction: (async (hash: string) =>
        this.receipts.has(hash) ? { hash, to: this.sentToSessions.has(hash) ? this.sessions : this.casino } : null) as unknown as Provider["getTransaction"],
      getTransactionReceipt: async (hash: string) => this.receipts.get(hash) ?? null,
      getBlockNumber: async () => this.head.block,
      getBlock: (async () => ({ number: this.head.block, timestamp: this.head.time })) as unknown as Provider["getBlock"],
    };
    return provider as unknown as ReadyWallet["provider"];
  }

  private getLogs(filter: Filter): Log[] {
    const fromBlock = Number(filter.fromBlock);
    const toBlock = Number(filter.toBlock);
    if (!Number.isInteger(fromBlock) || !Number.isInteger(toBlock))
      throw new Error(`the fake node wants numbered blocks, got ${String(filter.fromBlock)}–${String(filter.toBlock)}`);
    if (toBlock - fromBlock + 1 > MAX_LOG_RANGE) throw new Error(`eth_getLogs is limited to a ${MAX_LOG_RANGE} block range`);
    this.logRequests.push({ fromBlock, toBlock });
    const matches = (wanted: string | string[] | null | undefined, topic: string | undefined) =>
      wanted == null || (topic !== undefined && [wanted].flat().some((candidate) => candidate.toLowerCase() === topic.toLowerCase()));
    return this.logs.filter(
      (log) =>
        log.blockNumber >= fromBlock &&
        log.blockNumber <= toBlock &&
        (filter.address === undefined || getAddress(filter.address) === log.address) &&
        (filter.topics ?? []).every((wanted, i) => matches(wanted, log.topics[i])),
    );
  }

  private emit(block: number, hash: string, events: [string, unknown[]][]): void {
    if (block > this.head.block) this.head = { block, time: this.head.time + (block - this.head.block) * 3 };
    const logs = events.map(([name, args], i) => {
      const { topics, data } = this.iface.encodeEventLog(name, args);
      return {
        address: this.casino,
        blockNumber: block,
        blockHash: blockHash(block),
        transactionHash: hash,
        index: this.logs.length + i,
        topics,
        data,
      } as unknown as Log;
    });
    this.logs.push(...logs);
    this.receipts.set(hash, { hash, to: this.casino, blockNumber: block, logs } as unknown as TransactionReceipt);
  }
}
