import { parseEther, ZeroAddress, type Wallet } from "ethers";
import { expect } from "vitest";
import { GameType } from "../../src/engine";
import type { Casino } from "../../../typechain-types";
import { CHAIN_ID, SIWE_DOMAIN, type TestServer } from "./app";
import { Client, signIn } from "./http";
import { depositDegen } from "./play";
import { openSession, sendBet, signBet, type BetChoice, type TestSession } from "./sessions";

/** A player of the relay tests: signed in, funded, with a commitment and an open session. */
export interface Seat {
  player: Wallet;
  client: Client;
  session: TestSession;
  expectedCommit: string;
  nonce: bigint;
}

/** Each player signs in, deposits 2,000 DEGEN (and 1 BNB with `bnb`), takes a commitment and opens a session. */
export async function seatPlayers(server: TestServer, players: Wallet[], options: { bnb?: boolean } = {}): Promise<Seat[]> {
  const seats: Seat[] = [];
  for (const player of players) {
    const client = new Client(server.url);
    await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
    await depositDegen(server, player, parseEther("2000"));
    if (options.bnb) await (await (server.chain.casino.connect(player) as Casino).deposit(ZeroAddress, parseEther("1"), { value: parseEther("1") })).wait();
    const { expectedCommit } = (await client.post("/api/fairness/commitment")).body;
    const { session, answer } = await openSession(server.chain, client, player);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    seats.push({ player, client, session, expectedCommit, nonce: 0n });
  }
  return seats;
}

/** Signs the seat's next bet (a 10 DEGEN wheel bet unless `choice` says otherwise) and posts it; the answer must be 202. */
export async function betAs(server: TestServer, seat: Seat, terms: bigint, choice: Partial<BetChoice> = {}): Promise<string> {
  const signed = await signBet(server.chain, seat.session, {
    game: GameType.WHEEL,
    params: 0b111n,
    amount: parseEther("10"),
    nonce: seat.nonce++,
    expectedCommit: seat.expectedCommit,
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
