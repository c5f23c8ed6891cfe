import { parseEther, ZeroAddress, ZeroHash, type Log, type LogDescription } from "ethers";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GameType, settleGame, ticketDraws, ticketsHash, ticketsOf, type Token } from "../src/engine";
import type { Casino } from "../../typechain-types";
import { startTestServer, type TestServer } from "./support/app";
import { eq } from "drizzle-orm";
import { jackpotTickets } from "../src/db/schema";
import { pendingCount } from "./support/chain";
import { MASTER_SECRET } from "./support/play";
import { betAs, broadcastSeen, relayStatus, seatPlayers, type Seat } from "./support/relay-seats";
import { SETTLER_ADDRESS } from "./support/settler";
import { sendBet, signBet, type BetChoice } from "./support/sessions";

let server: TestServer;
let seats: Seat[];
let terms: bigint;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  server = await startTestServer({ MASTER_SECRET });
  terms = await server.chain.casino.terms();
  seats = await seatPlayers(server, server.chain.players.slice(0, 4), { bnb: true });
});
afterAll(async () => server?.close());
afterEach(async () => {
  await server.chain.provider.send("evm_setAutomine", [true]);
});

const bet = (seat: Seat, choice: Partial<BetChoice> = {}) => betAs(server, seat, terms, choice);
const status = relayStatus;
const broadcast = (hash: string) => broadcastSeen(server, hash);

/** Waits until the settler has sent the draw of a relay transaction's tickets. */
async function waitForDraw(relayHash: string): Promise<void> {
  const sent = async () =>
    (await server.services.database.db.select().from(jackpotTickets).where(eq(jackpotTickets.placedTxHash, relayHash)))[0]?.status === "sent";
  for (let i = 0; i < 200 && !(await sent()); i++) await sleep(50);
  expect(await sent()).toBe(true);
  expect(await pendingCount(server.chain.provider, SETTLER_ADDRESS)).toBeGreaterThan(0);
}

function events(logs: readonly Log[]): LogDescription[] {
  return logs.flatMap((log) => {
    const parsed = server.chain.casino.interface.parseLog(log);
    return parsed ? [parsed] : [];
  });
}

describe("the relay", () => {
  it("sends what arrives while a relay transaction is pending in the next one, a bet of each of 4 players together; vaults move to the wei; a hit is paid in the next block, a draw without one recorded by the next play, the last batch drawn once the relay is quiet", async () => {
    const { provider, casino } = server.chain;
    const degen = await server.chain.token.getAddress();
    await provider.send("evm_setAutomine", [false]);
    // A first bet goes out alone, at once, and stays pending.
    const first = await bet(seats[0]!);
    const pending = await status(seats[0]!, first, "sent");
    expect(pending.status).toBe("sent");

    // A bet of each player arrives meanwhile: mixed games and one player in BNB. (A player's second
    // bet would wait for the first to be mined: relay-reverts.test.ts.)
    const choices: Partial<BetChoice>[] = [
      { game: GameType.WHEEL, params: 0b111n },
      { game: GameType.SLOTS, params: 0n },
      { game: GameType.KICKBOXING, params: 1n },
      { game: GameType.CRASH, params: 200n },
    ];
    const placed = await Promise.all(
      seats.map(async (seat, i) => [await bet(seat, i === 3 ? { ...choices[i]!, token: "BNB", amount: parseEther("0.01") } : choices[i]!)]),
    );
    const batch = placed.flat();
    expect(batch).toHaveLength(4);
    for (const [i, ids] of placed.entries()) for (const id of ids) expect((await status(seats[i]!, id)).status).toBe("queued");
    expect(await pendingCount(provider, SETTLER_ADDRESS)).toBe(1);

    // The first one lands; the four go out together in the next transaction.
    await provider.send("evm_mine", []);
    const sent = await Promise.all(placed.flatMap((ids, i) => ids.map((id) => status(seats[i]!, id, "sent"))));
    const relayHash = sent[0]!.txHash!;
    expect(sent.every((answer) => answer.status === "sent" && answer.txHash === relayHash)).toBe(true);
    const tokens = seats.map((_, i) => (i === 3 ? ZeroAddress : degen));
    const before = await Promise.all(seats.map((seat, i) => casino.getBalance(seat.player.address, tokens[i]!)));
    await broadcast(relayHash);
    await provider.send("evm_mine", []);
    for (const [i, ids] of placed.entries()) for (const id of ids) expect((await status(seats[i]!, id, "mined")).status).toBe("mined");

    const receipt = (await provider.getTransactionReceipt(relayHash))!;
    const logs = events(receipt.logs);
    const betPlaced = logs.filter((e) => e.name === "BetPlaced");
    const settled = logs.filter((e) => e.name === "BetSettled");
    expect(betPlaced.map((e) => e.args.betId.toString()).sort()).toEqual([...batch].sort());
    expect(settled.map((e) => e.args.betId.toString()).sort()).toEqual([...batch].sort());

    // Every payout is the engine's for the revealed seed's word, and the vaults moved by exactly that.
    const expected = seats.map(() => 0n);
    for (const [k, placement] of betPlaced.entries()) {
      const seat = seats.findIndex((s) => s.player.address === placement.args.player);
      const token: Token = placement.args.token === ZeroAddress ? "BNB" : "DEGEN";
      const { payout } = settleGame({
        gameType: Number(placement.args.gameType) as GameType,
        token,
        stake: placement.args.amount,
        params: placement.args.params,
        word: settled[k]!.args.random,
      });
      expected[seat]! += payout - placement.args.amount;
    }

    // The tickets of the DEGEN bets: drawn on the hash of the relay's block. A hit is paid by
    // drawJackpots in the very next block; a batch without one waits for the next play to record
    // its draw (JackpotTicketsDrawn), at no transaction of its own.
    const issued = logs.find((e) => e.name === "JackpotTicketsIssued")!;
    const tickets = ticketsOf(
      betPlaced.map((e) => ({ betId: e.args.betId, token: e.args.token, jackpotOdds: e.args.jackpotOdds, jackpotPrize: e.args.jackpotPrize })),
      degen,
    );
    expect(tickets).toHaveLength(3);
    expect([issued.args.tickets, issued.args.count]).toEqual([ticketsHash(tickets), 3n]);
    const relayBlock = (await provider.getBlock(receipt.blockNumber))!;
    const hits = ticketDraws(await casino.getAddress(), tickets, relayBlock.hash!).filter((draw) => draw.hit);
    if (hits.length) {
      await waitForDraw(relayHash);
      await provider.send("evm_mine", []);
      const drawn = await casino.queryFilter(casino.filters.JackpotDrawn(), receipt.blockNumber + 1, receipt.blockNumber + 1);
      expect(drawn.map((e) => e.args.betId)).toEqual(hits.map((t) => t.betId));
      expect(drawn.every((e) => e.args.entropy === relayBlock.hash)).toBe(true);
      for (const draw of drawn) expected[seats.findIndex((s) => BigInt(s.player.address) === draw.args.betId >> 64n)]! += draw.args.prize;
    } else {
      // Nothing to pay: no draw is sent.
      await sleep(500);
      const [row] = await server.services.database.db.select().from(jackpotTickets).where(eq(jackpotTickets.placedTxHash, relayHash));
      expect(row?.status).toBe("waiting");
      expect(await pendingCount(provider, SETTLER_ADDRESS)).toBe(0);
    }

    const after = await Promise.all(seats.map((seat, i) => casino.getBalance(seat.player.address, tokens[i]!)));
    expect(after.map((balance, i) => balance - before[i]!)).toEqual(expected);

    // The next play records the batch's draw: every miss is written to its bet, with the relay block's hash.
    await provider.send("evm_setAutomine", [true]);
    const next = await bet(seats[1]!);
    const nextHash = (await status(seats[1]!, next, "mined")).txHash!;
    const recorded = events((await provider.getTransactionReceipt(nextHash))!.logs).find((e) => e.name === "JackpotTicketsDrawn");
    if (!hits.length) expect([recorded?.args.tickets, recorded?.args.entropy]).toEqual([issued.args.tickets, relayBlock.hash]);
    await server.services.settler.sync();
    for (const [i, ids] of placed.entries()) {
      for (const id of ids) {
        const record = (await seats[i]!.client.get(`/api/fairness/bets/${id}`)).body;
        expect(record).toMatchObject({ status: "settled", placedTxHash: relayHash, settleTxHash: relayHash, verification: { ok: true } });
        if (i !== 3) expect(record.jackpotEntropy).toBe(relayBlock.hash);
      }
    }
    // The last batch, which no later play records, is drawn by drawJackpots once the relay is quiet.
    const lastTickets = events((await provider.getTransactionReceipt(nextHash))!.logs).find((e) => e.name === "JackpotTicketsIssued")!;
    for (let i = 0; i < 8; i++) await provider.send("evm_mine", []);
    let lastDraw;
    for (let i = 0; i < 100 && !lastDraw; i++) {
      await server.services.settler.sync();
      [lastDraw] = await casino.queryFilter(casino.filters.JackpotTicketsDrawn(lastTickets.args.tickets));
      if (!lastDraw) await sleep(100);
    }
    expect(lastDraw?.args.entropy).toBe((await provider.getBlock((await provider.getTransactionReceipt(nextHash))!.blockNumber))!.hash);
  });

  it("takes a bet the chain would refuse out of its batch, reports why, and relays the others", async () => {
    const { provider, casino } = server.chain;
    await provider.send("evm_setAutomine", [false]);
    const first = await bet(seats[0]!);
    await broadcast((await status(seats[0]!, first, "sent")).txHash!);
    const kept = [await bet(seats[0]!), await bet(seats[1]!)];
    const broke = await bet(seats[2]!);
    const after = await bet(seats[2]!);
    const alsoKept = await bet(seats[3]!, { token: "DEGEN" });
    // The third player bets from the wallet on that bet's nonce before it goes out: the chain would
    // forfeit it (NonceTakenByWallet). Not sent yet, its seed was never shown: it is refused, not forfeited.
    const [, , , root] = await casino.commitmentOf(seats[2]!.player.address);
    const walletStake = parseEther("0.01");
    await (
      await (casino.connect(seats[2]!.player) as Casino).playGame(ZeroAddress, walletStake, 0, 0b11n, ZeroHash, root, terms, {
        value: walletStake,
        gasLimit: 400_000n,
      })
    ).getTransaction();
    await provider.send("evm_mine", []);
    // The first player's second bet goes once the relay has seen their first mined (one bet of a
    // player in flight): in the others' transaction, or in the next one. Mined by hand until all are.
    const keptBets = [
      [seats[0]!, kept[0]!],
      [seats[1]!, kept[1]!],
      [seats[3]!, alsoKept],
    ] as const;
    for (let round = 0; round < 3; round++) {
      const sent = await Promise.all(keptBets.map(([seat, id]) => status(seat, id, "sent")));
      const pending = [...new Set(sent.filter((s) => s.status === "sent").map((s) => s.txHash!))];
      for (const hash of pending) await broadcast(hash);
      await provider.send("evm_mine", []);
      if ((await Promise.all(keptBets.map(([seat, id]) => status(seat, id)))).every((s) => s.status === "mined")) break;
    }
    for (const [seat, id] of keptBets) expect((await status(seat, id, "mined")).status).toBe("mined");
    // The wallet bet is open: the relay holds the signed one until it is settled, then the chain's
    // answer (a simulation) refuses it.
    await provider.send("evm_setAutomine", [true]);
    for (const deadline = Date.now() + 20_000; (await status(seats[2]!, broke)).status === "queued" && Date.now() < deadline;) {
      await provider.send("evm_mine", []);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(await status(seats[2]!, broke)).toMatchObject({
      status: "refused",
      txHash: null,
      error: "A wallet bet of yours took this bet's nonce while it was on its way",
    });
    expect(await status(seats[2]!, after)).toMatchObject({
      status: "refused",
      error: `An earlier bet of yours (nonce ${seats[2]!.nonce - 2n}) was refused, so this one cannot land: sign it again`,
    });
    // The nonce's one bet is the wallet's (its client seed zero); the signed bet was never sent, so nothing was forfeited.
    expect((await casino.queryFilter(casino.filters.BetPlaced(broke))).map((placed) => placed.args.clientSeed)).toEqual([ZeroHash]);
    expect(await casino.queryFilter(casino.filters.StakeForfeited(broke))).toHaveLength(0);
    const metrics = await (await fetch(`${server.url}/metrics`)).text();
    expect(metrics).toMatch(/^degen_relay_bets_refused_total\{reason="NonceTakenByWallet"\} 1$/m);
    // Sent again, the same bet is judged on the chain as it is now: refused at once, nothing queued.
    const answer = await sendBet(
      seats[2]!.client,
      await signBet(server.chain, seats[2]!.session, {
        game: GameType.WHEEL,
        params: 0b111n,
        amount: parseEther("10"),
        nonce: seats[2]!.nonce - 2n,
        expectedCommit: seats[2]!.expectedCommit,
        terms,
      }),
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    expect((await status(seats[2]!, broke)).status).toBe("refused");
  });
});
