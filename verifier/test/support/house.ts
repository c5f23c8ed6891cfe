import { parseEther, Wallet, ZeroAddress, type JsonRpcProvider } from "ethers";
import {
  GameType,
  HashChain,
  applyBlackjackAction,
  canSplit,
  crashRound,
  handScore,
  isFinalStatus,
  randomWord,
  settleGame,
  startBlackjack,
  type BlackjackAction,
  type BlackjackState,
  type SettlementActions,
  type Token,
} from "../../../engine/src/index";
import { DEV_KEYS, pendingCount, type TestChain } from "../../../server/test/support/chain";

const CHAIN_ID = 31337;
const MASTER_SECRET = "0x" + "5e".repeat(32);
/** Fixed limits: bets are signed ahead of the blocks they depend on, so nothing can be estimated. */
const PLAY_GAS = 300_000n;
const ADD_STAKE_GAS = 200_000n;
const SETTLE_GAS_PER_BET = 90_000n;
const SETTLE_GAS_BASE = 60_000n;
/** Osaka caps a transaction at 2^24 gas: 100 settlements stay well under it. */
const SETTLE_BATCH = 100;
/** Room for several hundred bets per block, so bulk play needs few blocks. */
const BLOCK_GAS_LIMIT = 600_000_000;

export interface BetSpec {
  player: Wallet;
  token: Token;
  amount: bigint;
  gameType: GameType;
  params?: bigint;
  clientSeed?: string;
}

export interface PlacedBet {
  betId: bigint;
  player: string;
  nonce: bigint;
  token: Token;
  amount: bigint;
  gameType: GameType;
  params: bigint;
  clientSeed: string;
  block: number;
  split: boolean;
}

export interface Settlement {
  bet: PlacedBet;
  payout: bigint;
}

/**
 * An honest test settler and bulk player on a `hardhat node` (server/test/support/chain.ts): real
 * hash chains (engine HashChain), bets signed ahead and mined many per block, settlements by
 * settleBatch with the engine's payouts — or any payout a test wants, to play a dishonest house.
 */
export class TestHouse {
  private readonly chains = new Map<string, { links: HashChain; firstNonce: bigint; epoch: number }>();
  private readonly settler: Wallet;
  private readonly owner: Wallet;
  readonly provider: JsonRpcProvider;

  private constructor(
    readonly chain: TestChain,
    readonly casino: string,
    readonly degen: string,
  ) {
    this.provider = chain.provider;
    this.settler = new Wallet(DEV_KEYS[1], chain.provider);
    this.owner = new Wallet(DEV_KEYS[0], chain.provider);
  }

  /** Manual mining with large blocks; every player's vault funded with DEGEN and BNB. */
  static async open(chain: TestChain, vault = { degen: parseEther("900000"), bnb: parseEther("500") }): Promise<TestHouse> {
    const house = new TestHouse(chain, await chain.casino.getAddress(), await chain.token.getAddress());
    await chain.provider.send("hardhat_setLoggingEnabled", [false]);
    await chain.provider.send("evm_setBlockGasLimit", ["0x" + BLOCK_GAS_LIMIT.toString(16)]);
    await chain.provider.send("evm_setAutomine", [false]);
    const calls: { from: Wallet; data: string; to: string; value?: bigint }[] = [];
    for (const player of chain.players) {
      calls.push({ from: player, to: house.degen, data: chain.token.interface.encodeFunctionData("approve", [house.casino, vault.degen]) });
      calls.push({ from: player, to: house.casino, data: chain.casino.interface.encodeFunctionData("deposit", [house.degen, vault.degen]) });
      calls.push({ from: player, to: house.casino, data: chain.casino.interface.encodeFunctionData("deposit", [ZeroAddress, vault.bnb]), value: vault.bnb });
    }
    await house.sendAll(calls, 200_000n);
    return house;
  }

  /** Signs the calls (each sender's nonces in order), sends them all and mines until they are in. */
  async sendAll(calls: readonly { from: Wallet; to: string; data: string; value?: bigint }[], gasLimit: bigint | ((i: number) => bigint)): Promise<void> {
    const fees = await this.provider.getFeeData();
    const nonces = new Map<string, number>();
    const raws: string[] = [];
    for (const [i, call] of calls.entries()) {
      const address = call.from.address;
      if (!nonces.has(address)) nonces.set(address, await this.provider.getTransactionCount(address, "pending"));
      const nonce = nonces.get(address)!;
      nonces.set(address, nonce + 1);
      raws.push(
        await call.from.signTransaction({
          type: 2,
          chainId: CHAIN_ID,
          nonce,
          to: call.to,
          data: call.data,
          value: call.value ?? 0n,
          gasLimit: typeof gasLimit === "function" ? gasLimit(i) : gasLimit,
          maxFeePerGas: fees.maxFeePerGas! * 2n,
          maxPriorityFeePerGas: fees.maxPriorityFeePerGas!,
        }),
      );
    }
    const hashes = await Promise.all(raws.map((raw) => this.provider.send("eth_sendRawTransaction", [raw]) as Promise<string>));
    await this.mine([...nonces.keys()]);
    // A reverted transaction would leave a test looking at a chain it did not mean to build.
    const receipts = await Promise.all(hashes.map((hash) => this.provider.getTransactionReceipt(hash)));
    const failed = receipts.findIndex((receipt) => receipt?.status !== 1);
    if (failed >= 0) throw new Error(`transaction ${hashes[failed]} reverted`);
  }

  /** Mines blocks until none of the senders has a transaction waiting. */
  async mine(senders: readonly string[] = []): Promise<void> {
    do await this.provider.send("evm_mine", []);
    while ((await Promise.all(senders.map((sender) => pendingCount(this.provider, sender)))).some((n) => n > 0));
  }

  /** Posts a fresh hash chain for the player (its next epoch) while the player has no open bet. */
  async commit(player: string, length = 1024): Promise<void> {
    const epoch = (this.chains.get(player)?.epoch ?? -1) + 1;
    const links = new HashChain(MASTER_SECRET, player, epoch, length);
    const [, nextNonce] = await this.chain.casino.commitmentOf(player);
    const data = this.chain.casino.interface.encodeFunctionData("setCommitment", [player, links.commitment, length]);
    await this.sendAll([{ from: this.settler, to: this.casino, data }], 200_000n);
    this.chains.set(player, { links, firstNonce: nextNonce, epoch });
  }

  /** s_k for the player's bet of this nonce: the k-th bet after the commitment. */
  seedOf(player: string, nonce: bigint): string {
    const chain = this.chains.get(player)!;
    return chain.links.seed(Number(nonce - chain.firstNonce) + 1);
  }

  wordOf(bet: PlacedBet): string {
    return randomWord({
      seed: this.seedOf(bet.player, bet.nonce),
      clientSeed: bet.clientSeed,
      player: bet.player,
      nonce: bet.nonce,
      chainId: CHAIN_ID,
      casino: this.casino,
    });
  }

  /** A client seed that gives the player's next bet a word the test wants (the house knows the seed). */
  async clientSeedFor(player: string, wish: (word: string) => boolean): Promise<string> {
    const [, nonce] = await this.chain.casino.commitmentOf(player);
    const seed = this.seedOf(player, nonce);
    for (let i = 0; i < 100_000; i++) {
      const clientSeed = "0x" + (BigInt(i) + 1n).toString(16).padStart(64, "0");
      if (wish(randomWord({ seed, clientSeed, player, nonce, chainId: CHAIN_ID, casino: this.casino }))) return clientSeed;
    }
    throw new Error("no client seed gives such a word");
  }

  /** Places the bets, many per block, each player's in the given order; returns them in the given order. */
  async place(specs: readonly BetSpec[]): Promise<PlacedBet[]> {
    const terms = await this.chain.casino.terms();
    const from = (await this.provider.getBlockNumber()) + 1;
    const seeds = specs.map((spec, i) => spec.clientSeed ?? "0x" + (BigInt(Date.now()) * 1_000_000n + BigInt(i)).toString(16).padStart(64, "0"));
    const calls = specs.map((spec, i) => {
      const token = spec.token === "BNB" ? ZeroAddress : this.degen;
      // The chain's root is accepted as expectedCommit for as long as the chain is the player's current one.
      const root = this.chains.get(spec.player.address)!.links.commitment;
      const data = this.chain.casino.interface.encodeFunctionData("playGame", [token, spec.amount, spec.gameType, spec.params ?? 0n, seeds[i]!, root, terms]);
      return { from: spec.player, to: this.casino, data };
    });
    await this.sendAll(calls, PLAY_GAS);
    const logs = await this.chain.casino.queryFilter(this.chain.casino.filters.BetPlaced(), from);
    const byKey = new Map(logs.map((log) => [`${log.args.player}:${log.args.clientSeed}`, log]));
    return specs.map((spec, i) => {
      const log = byKey.get(`${spec.player.address}:${seeds[i]}`)!;
      return {
        betId: log.args.betId,
        player: log.args.player,
        nonce: log.args.nonce,
        token: spec.token,
        amount: log.args.amount,
        gameType: spec.gameType,
        params: log.args.params,
        clientSeed: log.args.clientSeed,
        block: log.blockNumber,
        split: false,
      };
    });
  }

  /** The second stake of a blackjack split, paid by the player from the vault. */
  async addStake(bet: PlacedBet, player: Wallet): Promise<void> {
    await this.sendAll([{ from: player, to: this.casino, data: this.chain.casino.interface.encodeFunctionData("addStake", [bet.betId]) }], ADD_STAKE_GAS);
    bet.split = true;
  }

  /** The engine's payout: what the server would pay for this bet and these actions. */
  payoutOf(bet: PlacedBet, actions: SettlementActions | null = playedActions(bet, this.wordOf(bet))): bigint {
    return settleGame({ gameType: bet.gameType, token: bet.token, stake: bet.amount, params: bet.params, word: this.wordOf(bet), actions }).payout;
  }

  /** Settles in batches with the given payouts (the engine's unless a test says otherwise). */
  async settle(settlements: readonly Settlement[]): Promise<void> {
    const calls: { from: Wallet; to: string; data: string; count: number }[] = [];
    for (let i = 0; i < settlements.length; i += SETTLE_BATCH) {
      const batch = settlements.slice(i, i + SETTLE_BATCH);
      const data = this.chain.casino.interface.encodeFunctionData("settleBatch", [
        batch.map(({ bet }) => bet.betId),
        batch.map(({ bet }) => this.seedOf(bet.player, bet.nonce)),
        batch.map(({ payout }) => payout),
      ]);
      calls.push({ from: this.settler, to: this.casino, data, count: batch.length });
    }
    await this.sendAll(calls, (i) => SETTLE_GAS_BASE + SETTLE_GAS_PER_BET * BigInt(calls[i]!.count));
  }

  /** Honest settlements of the bets, in order. */
  async settleHonestly(bets: readonly PlacedBet[]): Promise<void> {
    await this.settle(bets.map((bet) => ({ bet, payout: this.payoutOf(bet) })));
  }

  /** An owner call (jackpot terms). */
  async asOwner(data: string): Promise<void> {
    await this.sendAll([{ from: this.owner, to: this.casino, data }], 200_000n);
  }

  /** Moves the clock past a settle window and mines a block. */
  async advanceTime(seconds: number): Promise<void> {
    await this.provider.send("evm_increaseTime", [seconds]);
    await this.mine();
  }
}

/**
 * How the test players play an interactive round: blackjack splits when the second stake was
 * added and the cards allow it, then hits below 17; manual crash cashes out at 1.50x when the
 * round gets there. Deterministic, so tests know the log the server would publish.
 */
export function playedActions(bet: PlacedBet, word: string): SettlementActions | null {
  if (bet.gameType === GameType.CRASH && bet.params === 0n) return crashRound(word, bet.token).crashPoint >= 150 ? 150 : null;
  if (bet.gameType !== GameType.BLACKJACK) return null;
  let state: BlackjackState = startBlackjack(word, bet.amount);
  if (bet.split && canSplit(state)) state = applyBlackjackAction(state, "SPLIT");
  while (!isFinalStatus(state.status)) {
    const hand = state.activeSplit === "second" ? state.splitHand! : state.playerHand;
    const action: BlackjackAction = handScore(hand) < 17 ? "HIT" : "STAND";
    state = applyBlackjackAction(state, action);
  }
  return [...state.actions];
}
