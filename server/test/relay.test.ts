import { parseEther, ZeroAddress, type Log, type LogDescription } from "ethers";
import { describe, expect, it } from "vitest";
import { formatAmount, GameType, settleGame, ticketDraws, ticketsHash, ticketsOf, type Token } from "../src/engine";
import { eq } from "drizzle-orm";
import { jackpotTickets } from "../src/db/schema";
import { pendingCount } from "./support/chain";
import { betAs, broadcastSeen, relayStatus, type Seat, useRelayStage } from "./support/relay-seats";
import { SETTLER_ADDRESS } from "./support/settler";
import { sendBet, signBet, type BetChoice } from "./support/sessions";

const stage = useRelayStage(4);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const bet = (seat: Seat, choice: Partial<BetChoice> = {}) => betAs(stage.server, seat, stage.terms, choice);
const status = relayStatus;
const broadcast = (hash: string) => broadcastSeen(stage.server, hash);

/** Waits until the settler has sent the draw of a relay transaction's tickets. */
async function waitForDraw(relayHash: string): Promise<void> {
  const sent = async () =>
    (await stage.server.services.database.db.select().from(jackpotTickets).where(eq(jackpotTickets.placedTxHash, relayHash)))[0]?.status === "sent";
  for (let i = 0; i < 200 && !(await sent()); i++) await sleep(50);
  expect(await sent()).toBe(true);
  expect(await pendingCount(stage.server.chain.provider, SETTLER_ADDRESS)).toBeGreaterThan(0);
}

function events(logs: readonly Log[]): LogDescription[] {
  return logs.flatMap((log) => {
    const parsed = stage.server.chain.casino.interface.parseLog(log);
    return parsed ? [parsed] : [];
  });
}

describe("the relay", () => {
  it("sends what arrives while a relay transaction is pending in the next one, a bet of each of 4 players together; lanes (and a jackpot, the vault) move to the wei; a hit is paid in the next block, a draw without one recorded by the next play, the last batch drawn once the relay is quiet", async () => {
    const { provider, casino } = stage.server.chain;
    const degen = await stage.server.chain.token.getAddress();
    await provider.send("evm_setAutomine", [false]);
    // A first bet goes out alone, at once, and stays pending.
    const first = await bet(stage.seats[0]!);
    const pending = await status(stage.seats[0]!, first, "sent");
    expect(pending.status).toBe("sent");

    // A bet of each player arrives meanwhile: mixed games and one player in BNB. (A lane's second
    // bet would wait for the first to be mined: relay-lanes.test.ts.)
    const choices: Partial<BetChoice>[] = [
      { game: GameType.WHEEL, params: 0b111n },
      { game: GameType.SLOTS, params: 0n },
      { game: GameType.KICKBOXING, params: 1n },
      { game: GameType.CRASH, params: 200n },
    ];
    const placed = await Promise.all(
      stage.seats.map(async (seat, i) => [await bet(seat, i === 3 ? { ...choices[i]!, token: "BNB", amount: parseEther("0.01") } : choices[i]!)]),
    );
    const batch = placed.flat();
    expect(batch).toHaveLength(4);
    for (const [i, ids] of placed.entries()) for (const id of ids) expect((await status(stage.seats[i]!, id)).status).toBe("queued");
    expect(await pendingCount(provider, SETTLER_ADDRESS)).toBe(1);

    // The first one lands; the four go out together in the next transaction.
    await provider.send("evm_mine", []);
    const sent = await Promise.all(placed.flatMap((ids, i) => ids.map((id) => status(stage.seats[i]!, id, "sent"))));
    const relayHash = sent[0]!.txHash!;
    expect(sent.every((answer) => answer.status === "sent" && answer.txHash === relayHash)).toBe(true);
    const tokens = stage.seats.map((_, i) => (i === 3 ? ZeroAddress : degen));
    // A lane's bets stake from its funds and pay into them; a jackpot win goes to the vault.
    const laneFunds = () =>
      Promise.all(stage.seats.map(async (seat, i) => (await casino.laneOf(seat.player.address, seat.session.lane)).funds[i === 3 ? 1 : 0]!));
    const vaults = () => Promise.all(stage.seats.map((seat, i) => casino.getBalance(seat.player.address, tokens[i]!)));
    const [before, vaultsBefore] = [await laneFunds(), await vaults()];
    await broadcast(relayHash);
    await provider.send("evm_mine", []);
    for (const [i, ids] of placed.entries()) for (const id of ids) expect((await status(stage.seats[i]!, id, "mined")).status).toBe("mined");

    const receipt = (await provider.getTransactionReceipt(relayHash))!;
    const logs = events(receipt.logs);
    const betPlaced = logs.filter((e) => e.name === "BetPlaced");
    const settled = logs.filter((e) => e.name === "BetSettled");
    expect(betPlaced.map((e) => e.args.betId.toString()).sort()).toEqual([...batch].sort());
    expect(settled.map((e) => e.args.betId.toString()).sort()).toEqual([...batch].sort());

    // Every payout is the engine's for the revealed seed's word, and the lanes moved by exactly that.
    const expected = stage.seats.map(() => 0n);
    const won = stage.seats.map(() => 0n);
    for (const [k, placement] of betPlaced.entries()) {
      const seat = stage.seats.findIndex((s) => s.player.address === placement.args.player);
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
      for (const draw of drawn) won[stage.seats.findIndex((s) => BigInt(s.player.address) === draw.args.betId >> 64n)]! += draw.args.prize;
    } else {
      // Nothing to pay: no draw is sent.
      await sleep(500);
      const [row] = await stage.server.services.database.db.select().from(jackpotTickets).where(eq(jackpotTickets.placedTxHash, relayHash));
      expect(row?.status).toBe("waiting");
      expect(await pendingCount(provider, SETTLER_ADDRESS)).toBe(0);
    }

    const [after, vaultsAfter] = [await laneFunds(), await vaults()];
    expect(after.map((funds, i) => funds - before[i]!)).toEqual(expected);
    expect(vaultsAfter.map((balance, i) => balance - vaultsBefore[i]!)).toEqual(won);

    // The next play records the batch's draw: every miss is written to its bet, with the relay block's hash.
    await provider.send("evm_setAutomine", [true]);
    const next = await bet(stage.seats[1]!);
    const nextHash = (await status(stage.seats[1]!, next, "mined")).txHash!;
    const recorded = events((await provider.getTransactionReceipt(nextHash))!.logs).find((e) => e.name === "JackpotTicketsDrawn");
    if (!hits.length) expect([recorded?.args.tickets, recorded?.args.entropy]).toEqual([issued.args.tickets, relayBlock.hash]);
    await stage.server.services.settler.sync();
    for (const [i, ids] of placed.entries()) {
      for (const id of ids) {
        const record = (await stage.seats[i]!.client.get(`/api/fairness/bets/${id}`)).body;
        expect(record).toMatchObject({ status: "settled", placedTxHash: relayHash, settleTxHash: relayHash, verification: { ok: true } });
        if (i !== 3) expect(record.jackpotEntropy).toBe(relayBlock.hash);
      }
    }
    // The last batch, which no later play records, is drawn by drawJackpots once the relay is quiet.
    const lastTickets = events((await provider.getTransactionReceipt(nextHash))!.logs).find((e) => e.name === "JackpotTicketsIssued")!;
    for (let i = 0; i < 8; i++) await provider.send("evm_mine", []);
    let lastDraw;
    for (let i = 0; i < 100 && !lastDraw; i++) {
      await stage.server.services.settler.sync();
      [lastDraw] = await casino.queryFilter(casino.filters.JackpotTicketsDrawn(lastTickets.args.tickets));
      if (!lastDraw) await sleep(100);
    }
    expect(lastDraw?.args.entropy).toBe((await provider.getBlock((await provider.getTransactionReceipt(nextHash))!.blockNumber))!.hash);
  });

  it("takes a bet the chain would refuse out of its batch (the house's BNB bankroll withdrawn since it was taken), reports why with its lane's later bet, and relays the others", async () => {
    const { provider, casino } = stage.server.chain;
    const bnb = { token: "BNB", amount: parseEther("0.01") } as const;
    await provider.send("evm_setAutomine", [false]);
    const first = await bet(stage.seats[0]!);
    const round1 = (await status(stage.seats[0]!, first, "sent")).txHash!;
    await broadcast(round1);
    const broke = await bet(stage.seats[2]!, bnb);
    const after = await bet(stage.seats[2]!, bnb);
    const kept = await bet(stage.seats[1]!);
    // The owner's announced withdrawal of the BNB bankroll, mined with the pending round: the
    // house's free BNB no longer covers the bet's maximum payout. The relay's look at the house
    // finds it, simulates the batch, and takes the bet out; the DEGEN bet goes.
    await stage.withdrawBnbBankroll();
    await provider.send("evm_mine", []);
    expect((await provider.getTransactionReceipt(round1))!.status).toBe(1);
    await provider.send("evm_setAutomine", [true]);
    await provider.send("evm_mine", []);
    expect((await status(stage.seats[1]!, kept, "mined")).status).toBe("mined");
    for (const deadline = Date.now() + 20_000; (await status(stage.seats[2]!, broke)).status === "queued" && Date.now() < deadline;) await sleep(100);
    expect(await status(stage.seats[2]!, broke)).toMatchObject({
      status: "refused",
      txHash: null,
      error: "The house's bankroll could not cover the bet's largest payout when it was sent: the bet can still be placed with its countersignature",
    });
    expect(await status(stage.seats[2]!, after)).toMatchObject({
      status: "refused",
      error: `An earlier bet of this session (nonce ${BigInt(broke) & ((1n << 64n) - 1n)}) was refused, so this one cannot land: sign it again`,
    });
    // Never sent, never placed.
    expect(await casino.queryFilter(casino.filters.BetPlaced(broke))).toHaveLength(0);
    const metrics = await (await fetch(`${stage.server.url}/metrics`)).text();
    expect(metrics).toMatch(/^degen_relay_bets_refused_total\{reason="InsufficientBankroll"\} 1$/m);
    // Signed again (a new client seed), its nonce is the refused bet's until that one's deadline:
    // its player may still place it with its countersignature.
    const again = await signBet(stage.server.chain, stage.seats[2]!.session, {
      game: GameType.WHEEL,
      params: 0b111n,
      ...bnb,
      n: stage.seats[2]!.n - 2n,
      terms: stage.terms,
    });
    const answer = await sendBet(stage.seats[2]!.client, again);
    expect(answer.status).toBe(409);
    expect(answer.body.error).toMatch(
      new RegExp(`^Nonce ${BigInt(broke) & ((1n << 64n) - 1n)} is taken by another bet of yours until its deadline, \\d+: send that bet again, or wait$`),
    );
    // And a new BNB bet is refused at once: the room is the house's largest bet now.
    const room = await casino.maxBet(ZeroAddress, GameType.WHEEL, 0b111n, stage.seats[3]!.player.address);
    expect(
      await sendBet(
        stage.seats[3]!.client,
        await signBet(stage.server.chain, stage.seats[3]!.session, { game: GameType.WHEEL, params: 0b111n, ...bnb, n: stage.seats[3]!.n, terms: stage.terms }),
      ),
    ).toMatchObject({
      status: 409,
      body: { error: `The stake of 0.01 BNB is above the house's largest bet on this game now, ${formatAmount(room)} BNB: lower it` },
    });
  });
});
