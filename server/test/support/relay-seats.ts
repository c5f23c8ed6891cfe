import { parseEther, ZeroAddress, type Wallet } from "ethers";
import { afterAll, afterEach, beforeAll, expect } from "vitest";
import { GameType } from "../../src/engine";
import type { Casino } from "../../../typechain-types";
import { CHAIN_ID, SIWE_DOMAIN, startTestServer, type TestServer } from "./app";
import { Client, signIn } from "./http";
import { depositDegen, MASTER_SECRET } from "./play";
import { openSession, sendBet, signBet, type BetChoice, type TestSession } from "./sessions";

/** A player of the relay tests: signed in, funded, with an open session (a lane of its own) and the place of its next bet in the lane. */
export interface Seat {
  player: Wallet;
  client: Client;
  session: TestSession;
  n: bigint;
}

/** Each player signs in, deposits 2,000 DEGEN (and 1 BNB with `bnb`) and opens a session whose lane takes all of it. */
export async function seatPlayers(server: TestServer, players: Wallet[], options: { bnb?: boolean } = {}): Promise<Seat[]> {
  const seats: Seat[] = [];
  for (const player of players) {
    const client = new Client(server.url);
    await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
    await depositDegen(server, player, parseEther("2000"));
    if (options.bnb) await (await (server.chain.casino.connect(player) as Casino).deposit(ZeroAddress, parseEther("1"), { value: parseEther("1") })).wait();
    const { session, answer } = await openSession(server.chain, client, player);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    seats.push({ player, client, session, n: 0n });
  }
  return seats;
}

/** Signs the seat's next bet (a 10 DEGEN wheel bet unless `choice` says otherwise) and posts it; the answer must be 202. */
export async function betAs(server: TestServer, seat: Seat, terms: bigint, choice: Partial<BetChoice> = {}): Promise<string> {
  const signed = await signBet(server.chain, seat.session, {
    game: GameType.WHEEL,
    params: 0b111n,
    amount: parseEther("10"),
    n: seat.n++,
    terms,
    ...choice,
  });
  const answer = await sendBet(seat.client, signed);
  expect(answer.status, JSON.stringify(answer.body)).toBe(202);
  return signed.betId;
}

/** GET /api/sessions/bets/:betId, waiting for `wait` when given. */
export async function relayStatus(seat: Seat, betId: string, wait?: "sent" | "mined") {
  const answer = await seat.client.get(`/api/sessions/bets/${betId}${wait ? `?wait=${wait}` : ""}`);
  expect(answer.status).toBe(200);
  return answer.body as { status: string; txHash: string | null; error: string | null };
}

/** "sent" is recorded before the broadcast: a test mining by hand waits until the node has the transaction. */
export async function broadcastSeen(server: TestServer, hash: string): Promise<void> {
  for (const deadline = Date.now() + 10_000; !(await server.chain.provider.send("eth_getTransactionByHash", [hash]));) {
    if (Date.now() > deadline) throw new Error(`relay ${hash} never reached the node`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The house's own way to make the chain refuse or skip a one-click bet it took (docs/decisions.md
 * §4, "lanes": no player can): the owner's bankroll withdrawal, announced now for all of the BNB
 * bankroll but `left`, the chain moved past the announcement's delay. Call it before the seats
 * open their sessions (the move is a day). Its execution, sent when the test wants it, leaves the
 * house's free BNB bankroll below any BNB bet's maximum payout.
 */
export async function withdrawalOfTheBnbBankroll(server: TestServer, left = parseEther("0.001")) {
  const { casino, provider } = server.chain;
  const [bankroll] = await casino.house(ZeroAddress);
  await (await casino.announceBankrollWithdrawal(ZeroAddress, bankroll - left)).wait();
  await provider.send("evm_increaseTime", [Number(await casino.announcementDelay()) + 1]);
  await provider.send("evm_mine", []);
  // The server reads the chain's time again a second after its last reading (ChainClock): the grants after this are dated from the moved clock.
  await new Promise((r) => setTimeout(r, 1_100));
  // Bets settled since (the client seeds are random) may have paid out of the bankroll: the owner
  // funds what the announced amount lacks, so that the withdrawal leaves `left` free (or that
  // plus what the house won since, under a BNB bet's maximum payout in these tests). Gas limits
  // of their own: an estimate would run on the node's pending state, where a relay transaction
  // already in the mempool may have moved the bankroll before them.
  return async (overrides: { maxFeePerGas?: bigint; maxPriorityFeePerGas?: bigint } = {}) => {
    const [[bankrollNow, reserved], [amount]] = await Promise.all([casino.house(ZeroAddress), casino.pendingWithdrawal(ZeroAddress)]);
    const short = amount - (bankrollNow - reserved);
    if (short > 0n) await casino.fundBankroll(ZeroAddress, short, { value: short, gasLimit: 200_000, ...overrides });
    return casino.executeBankrollWithdrawal(ZeroAddress, { gasLimit: 200_000, ...overrides });
  };
}

/** The relay tests' stage, filled before the file's tests: a server on a fresh node, its terms, the owner's withdrawal of the BNB bankroll ready to send, and `players` seated with BNB too. */
export interface RelayStage {
  server: TestServer;
  seats: Seat[];
  terms: bigint;
  withdrawBnbBankroll: Awaited<ReturnType<typeof withdrawalOfTheBnbBankroll>>;
}

/** Sets up the relay tests' stage around a test file, and turns automine back on after each test. */
export function useRelayStage(players: number): RelayStage {
  const stage = {} as RelayStage;
  beforeAll(async () => {
    stage.server = await startTestServer({ MASTER_SECRET });
    stage.terms = await stage.server.chain.casino.terms();
    stage.withdrawBnbBankroll = await withdrawalOfTheBnbBankroll(stage.server);
    stage.seats = await seatPlayers(stage.server, stage.server.chain.players.slice(0, players), { bnb: true });
  });
  afterAll(async () => stage.server?.close());
  afterEach(async () => {
    await stage.server.chain.provider.send("evm_setAutomine", [true]);
  });
  return stage;
}
