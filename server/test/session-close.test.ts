import path from "node:path";
import { eq } from "drizzle-orm";
import { parseEther } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameType, laneNonce, replayBlackjack, startBlackjack } from "../src/engine";
import { CasinoSessions__factory } from "../../typechain-types";
import { chainRequests, sessionKeys } from "../src/db/schema";
import { CHAIN_ID, SIWE_DOMAIN, startServerOn, tempDir, type TestServer } from "./support/app";
import type { TestChain } from "./support/chain";
import { freshChain } from "./support/fresh-chain";
import { Client, signIn } from "./support/http";
import { depositDegen, laneClientSeedFor, MASTER_SECRET } from "./support/play";
import { openSession, sendBet, signBet, type TestSession } from "./support/sessions";

// An ended session's lane goes back to the vault without its player (docs/decisions.md §4,
// "lanes"): the server sends CasinoSessions.closeSession through its chain requests
// (sessions/closer.ts), again once a hand the lane still had open has paid into it, and after a
// restart as before.

let temp: ReturnType<typeof tempDir>;
let chain: TestChain;
let server: TestServer;
let degen: string;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const serve = () => startServerOn(chain, { DATA_DIR: path.join(temp.dir, "db"), MASTER_SECRET, BLACKJACK_IDLE_MS: "15000" });

beforeAll(async () => {
  temp = tempDir();
  chain = await freshChain(temp.dir);
  server = await serve();
  degen = await chain.token.getAddress();
});
afterAll(async () => {
  await server?.close();
  await chain?.stop();
  temp?.dispose();
});

async function signedIn(index: number, deposit: bigint) {
  const player = chain.players[index]!;
  const client = new Client(server.url);
  await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
  await depositDegen(server, player, deposit);
  return { player, client };
}

/** Revokes the session on chain and moves the chain past its end (ACCEPTANCE_WINDOW later). */
async function endByRevocation(session: TestSession): Promise<void> {
  const sessions = CasinoSessions__factory.connect(await chain.casino.sessions(), session.player);
  await (await sessions.revokeSession(session.key.address)).wait();
  await chain.provider.send("evm_increaseTime", [301]);
  await chain.provider.send("evm_mine", []);
}

const laneFunds = async (session: TestSession) => (await chain.casino.laneOf(session.player.address, session.lane)).funds;

async function closedRow(session: TestSession) {
  const [row] = await server.services.database.db.select().from(sessionKeys).where(eq(sessionKeys.key, session.key.address));
  return row!.closed;
}

/** Waits until the lane holds nothing and the server marked the session closed. */
async function waitClosed(session: TestSession, ms = 40_000): Promise<void> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(250)) {
    const [degenFunds, bnbFunds] = await laneFunds(session);
    if (degenFunds === 0n && bnbFunds === 0n && (await closedRow(session))) return;
  }
  throw new Error(`session ${session.key.address} was not closed`);
}

describe("closing ended sessions", () => {
  it("gives a revoked session's lane back to the vault once it has ended, through a close request no budget counts, and leaves a live one alone", async () => {
    const { player, client } = await signedIn(0, parseEther("100"));
    const { session } = await openSession(chain, client, player, { budgetDegen: parseEther("60"), budgetNative: 0n });
    const { session: live } = await openSession(chain, client, player, { budgetDegen: parseEther("40"), budgetNative: 0n });
    expect(await chain.casino.getBalance(player.address, degen)).toBe(0n);
    await endByRevocation(session);
    await waitClosed(session);
    const sessions = CasinoSessions__factory.connect(await chain.casino.sessions(), chain.provider);
    const closed = await sessions.queryFilter(sessions.filters.SessionClosed(player.address, session.key.address));
    expect(closed.map((e) => e.args.degen)).toEqual([parseEther("60")]);
    expect(await chain.casino.getBalance(player.address, degen)).toBe(parseEther("60"));
    // The other session lives on, its lane untouched.
    expect((await laneFunds(live))[0]).toBe(parseEther("40"));
    expect(await closedRow(live)).toBe(false);
    const requests = await server.services.database.db.select().from(chainRequests).where(eq(chainRequests.kind, "close"));
    expect(requests.map((row) => [row.player, row.status])).toEqual([[player.address, "mined"]]);
    // Not counted: the player's own transactions of the hour are still all theirs (a lane root needs none, a session one).
    expect((await client.get("/api/relay/quota")).body).toMatchObject({ used: 0 });
  });

  it("closes a lane again once the hand it still had open at its end has paid into it", async () => {
    const { player, client } = await signedIn(1, parseEther("20"));
    const { session } = await openSession(chain, client, player);
    const terms = await chain.casino.terms();
    // A hand that stays in play, and wins stood: nobody acts, and the idle rule stands it (15 s) after
    // the session has ended and its lane was closed a first time (a pass every 5 s).
    const clientSeed = await laneClientSeedFor(
      server,
      session,
      laneNonce(session.lane, 0),
      (word) => startBlackjack(word, 1n, "DEGEN").status === "PLAYING" && replayBlackjack(word, 1n, "DEGEN", []).payout > 1n,
    );
    const hand = await signBet(chain, session, { game: GameType.BLACKJACK, params: 0n, amount: parseEther("5"), n: 0n, terms, clientSeed });
    expect((await sendBet(client, hand)).status).toBe(202);
    expect((await client.get(`/api/sessions/bets/${hand.betId}?wait=mined`)).body.status).toBe("mined");
    await endByRevocation(session);
    let record;
    for (const deadline = Date.now() + 40_000; Date.now() < deadline; await sleep(250)) {
      record = (await client.get(`/api/fairness/bets/${hand.betId}`)).body;
      if (record.status === "settled") break;
    }
    expect(record.status).toBe("settled");
    await waitClosed(session);
    // Everything the lane held came back: its 15 DEGEN at the end, and the hand's payout after.
    const sessions = CasinoSessions__factory.connect(await chain.casino.sessions(), chain.provider);
    const closes = await sessions.queryFilter(sessions.filters.SessionClosed(player.address, session.key.address));
    expect(closes.map((e) => e.args.degen)).toEqual([parseEther("15"), BigInt(record.payout)]);
    expect(await chain.casino.getBalance(player.address, degen)).toBe(parseEther("15") + BigInt(record.payout) + BigInt(record.jackpotWin ?? 0));
  });

  it("closes a session that ended while the server was stopped, once it is back", async () => {
    const { player, client } = await signedIn(2, parseEther("30"));
    const { session } = await openSession(chain, client, player);
    await server.stopServer();
    await endByRevocation(session);
    server = await serve();
    await waitClosed(session);
    expect(await chain.casino.getBalance(player.address, degen)).toBe(parseEther("30"));
  });
});
