// The jackpot stays unsteerable with one-click play (docs/protocol.md §6). A one-click DEGEN bet is
// settled in the transaction that places it, before its block's hash exists; its jackpot draw waits
// as a ticket (JackpotTicketsIssued) that anyone draws from the next block on (Casino.drawJackpots),
// on the hash of the block where the bet landed, or that the next play records. Odds and prize are
// fixed at placement; a draw whose hash is gone and was never recorded is void: no ticket wins, and
// the house's free bankroll pays each one's fair value into the pool (R3-6; contracts/README.md
// "Trust assumptions"). A hit is paid into the player's vault, never into a session's lane.
import { expect } from "chai";
import { loadFixture, takeSnapshot } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, ZeroHash, type TransactionReceipt } from "ethers";
import { betJackpotPrize, GAME, jackpotOdds, jackpotRoll, NATIVE, ODDS_ONE } from "../helpers";
import { blockHashOf, eventsOf, mineBlocks, mineTogether, removeHistoryContract, revertDataOf } from "../findings/support";
import { deploySessions, laneFunds, openSession, play, signBatch, ticketsHash, ticketsOf, type JackpotTicket, type RelayedBet, type Session } from "./support";

/**
 * Edge 2 %, prize 0.01 % of the 1.2M pool (120 DEGEN): a 600 DEGEN bet has odds of 10 %, a
 * 6,000 DEGEN bet hits for certain. Four players with a session of up to 10,000 DEGEN a bet.
 */
async function jackpotFixture() {
  const f = await deploySessions();
  await f.casino.connect(f.owner).setJackpotTerms(200, 1);
  const g = { ...f, terms: await f.casino.terms() };
  const limits = { maxBetDegen: parseEther("10000"), budgetDegen: parseEther("100000") };
  const players: Session[] = [];
  for (const player of f.players.slice(0, 4)) players.push(await openSession(g, player, limits));
  return { ...g, playerSessions: players };
}

type JackpotFixture = Awaited<ReturnType<typeof jackpotFixture>>;

/** A batch of a 10 % bet, a certain hit, a BNB bet (no ticket) and a small DEGEN bet, on nine wheel colours. */
async function signTicketBatch(f: JackpotFixture): Promise<RelayedBet[]> {
  return signBatch(f, [
    [f.playerSessions[0], { amount: parseEther("600"), params: 0b111111111n }],
    [f.playerSessions[1], { amount: parseEther("6000"), params: 0b111111111n }],
    [f.playerSessions[2], { token: NATIVE, amount: parseEther("0.1"), params: 0b111111111n }],
    [f.playerSessions[3], { amount: parseEther("10"), params: 0b111111111n }],
    [f.playerSessions[0], { amount: parseEther("600"), params: 0b111111111n }],
  ]);
}

/** The tickets the batch will issue, worked out before it is sent: DEGEN bets, prize 0.01 % of the pool now. */
async function expectedTickets(f: JackpotFixture, bets: RelayedBet[]): Promise<JackpotTicket[]> {
  const [[edge, share], pool] = await Promise.all([f.casino.jackpotTerms(), f.casino.jackpotPool()]);
  return bets
    .filter((b) => b.signed.bet.token === f.tokenAddress)
    .map((b) => {
      const prize = betJackpotPrize(b.signed.bet.amount, edge, pool, share);
      return { betId: b.betId, odds: jackpotOdds(b.signed.bet.amount, edge, prize), prize };
    });
}

/** Draws the tickets as a stranger and checks the published draw and each win against the entropy, to the wei. */
async function drawAndCheck(
  f: JackpotFixture,
  tickets: JackpotTicket[],
  entropy: string,
  options: { recordedBefore?: boolean } = {},
): Promise<TransactionReceipt> {
  const players = f.playerSessions.map((s) => s.player);
  const vaults = await Promise.all(players.map((p) => f.casino.getBalance(p, f.tokenAddress)));
  const lanes = await Promise.all(f.playerSessions.map((session) => laneFunds(f, session)));
  let pool = await f.casino.jackpotPool();
  const [bankroll, accounted] = await Promise.all([f.casino.house(f.tokenAddress), f.casino.accounted(f.tokenAddress)]);
  const receipt = (await (await f.casino.connect(f.stranger).drawJackpots(tickets)).wait())!;
  // The batch's draw is published once (JackpotTicketsDrawn), unless a later play recorded it already.
  const recorded = eventsOf(receipt, f.casino, "JackpotTicketsDrawn").map((e) => e.args.toArray());
  expect(recorded).to.deep.equal(options.recordedBefore ? [] : [[ticketsHash(tickets), entropy]]);

  // Each hit on its own (JackpotDrawn, JackpotWon); a miss publishes nothing more.
  const drawn: unknown[][] = [];
  const won: unknown[][] = [];
  const credited = new Map<string, bigint>();
  // A void draw (its hash gone, never recorded): no ticket wins, and the free bankroll pays each
  // one's fair value, prize × odds, into the pool (R3-6).
  const voided = entropy === ZeroHash;
  let free = bankroll[0] - bankroll[1];
  const fundedByHouse: bigint[] = [];
  for (const t of tickets) {
    const player = players.find((p) => BigInt(p) === t.betId >> 64n)!;
    if (voided) {
      const fair = (t.prize * t.odds) / ODDS_ONE;
      const funded = fair < free ? fair : free;
      if (funded !== 0n) fundedByHouse.push(funded);
      free -= funded;
      drawn.push([t.betId, entropy, 0n, false]);
      continue;
    }
    if (jackpotRoll(f.casinoAddress, t.betId, entropy) >= t.odds) continue;
    const win = t.prize < pool ? t.prize : pool;
    drawn.push([t.betId, entropy, win, true]);
    if (win === 0n) continue;
    won.push([player, win]);
    pool -= win;
    credited.set(player, (credited.get(player) ?? 0n) + win);
  }
  expect(eventsOf(receipt, f.casino, "JackpotDrawn").map((e) => e.args.toArray())).to.deep.equal(drawn);
  expect(eventsOf(receipt, f.casino, "JackpotWon").map((e) => e.args.toArray())).to.deep.equal(won);
  const funded = eventsOf(receipt, f.casino, "JackpotFunded").filter((e) => e.args.funder === f.casinoAddress);
  expect(funded.map((e) => e.args.amount)).to.deep.equal(fundedByHouse);
  const paidByHouse = fundedByHouse.reduce((sum, amount) => sum + amount, 0n);
  expect(await f.casino.jackpotPool()).to.equal(pool + paidByHouse);
  for (const [i, p] of players.entries()) expect(await f.casino.getBalance(p, f.tokenAddress)).to.equal(vaults[i] + (credited.get(p) ?? 0n));
  expect(await Promise.all(f.playerSessions.map((session) => laneFunds(f, session))), "the lanes untouched").to.deep.equal(lanes);
  // A drawn prize moves from the pool to vaults, a void draw's fair value from the free bankroll to
  // the pool, inside what the Casino owes.
  expect(await f.casino.house(f.tokenAddress)).to.deep.equal([bankroll[0] - paidByHouse, bankroll[1]]);
  expect(await f.casino.accounted(f.tokenAddress)).to.equal(accounted);
  return receipt;
}

describe("Casino.drawJackpots: the one-click bets' deferred jackpot draw", function () {
  it("a play transaction issues a ticket for each DEGEN bet with odds, in order: JackpotTicketsIssued(hash, count)", async function () {
    const f = await loadFixture(jackpotFixture);
    const bets = await signTicketBatch(f);
    const tickets = await expectedTickets(f, bets);
    expect(tickets.map((t) => t.odds)).to.deep.equal([ODDS_ONE / 10n, ODDS_ONE, tickets[2].odds, ODDS_ONE / 10n]);
    const receipt = (await (await play(f, bets)).wait())!;
    expect(ticketsOf(f, receipt)).to.deep.equal(tickets);
    const [issued] = eventsOf(receipt, f.casino, "JackpotTicketsIssued");
    expect(issued.args.toArray()).to.deep.equal([ticketsHash(tickets), 4n]);
  });

  it("drawn by anyone in the next block, on the hash of the bet's block: each hit's prize moves from the pool to its vault, to the wei", async function () {
    const f = await loadFixture(jackpotFixture);
    const receipt = (await (await play(f, await signTicketBatch(f))).wait())!;
    const receiptOfDraw = await drawAndCheck(f, ticketsOf(f, receipt), await blockHashOf(receipt.blockNumber));
    // The certain hit won.
    expect(eventsOf(receiptOfDraw, f.casino, "JackpotWon").map((e) => e.args.player)).to.include(f.playerSessions[1].player);
  });

  it("refuses a draw in the block of the bets, whose hash nobody knows yet (EntropyNotReady)", async function () {
    const f = await loadFixture(jackpotFixture);
    const bets = await signTicketBatch(f);
    const tickets = await expectedTickets(f, bets);
    const [played, drawn] = await mineTogether([
      () =>
        f.sessions.connect(f.settler).play(
          bets.map((b) => b.signed),
          bets.map((b) => b.seed),
          { gasLimit: 5_000_000 },
        ),
      () => f.casino.connect(f.stranger).drawJackpots(tickets, { gasLimit: 1_000_000 }),
    ]);
    expect([played.status, drawn.status]).to.deep.equal([1, 0]);
    const error = f.casino.interface.parseError(await revertDataOf(drawn.hash))!;
    expect([error.name, ...error.args]).to.deep.equal(["EntropyNotReady", tickets[0].betId]);
    await drawAndCheck(f, tickets, await blockHashOf(played.blockNumber));
  });

  it("refuses a ticket list other than the one issued, naming its hash (UnknownTickets)", async function () {
    const f = await loadFixture(jackpotFixture);
    const bets = await signTicketBatch(f);
    const tickets = ticketsOf(f, (await (await play(f, bets)).wait())!);
    const bnbBet = bets[2].betId;
    const wrongLists: JackpotTicket[][] = [
      tickets.slice(1), // a ticket left out
      [...tickets, { betId: bnbBet, odds: ODDS_ONE, prize: tickets[0].prize }], // a bet without a ticket added
      [{ ...tickets[0], prize: tickets[0].prize * 2n }, ...tickets.slice(1)], // a larger prize
      [{ ...tickets[0], odds: ODDS_ONE }, ...tickets.slice(1)], // better odds
      [tickets[1], tickets[0], ...tickets.slice(2)], // another order
      [],
    ];
    for (const wrong of wrongLists) {
      await expect(f.casino.drawJackpots(wrong)).to.be.revertedWithCustomError(f.casino, "UnknownTickets").withArgs(ticketsHash(wrong));
    }
    await f.casino.drawJackpots(tickets);
  });

  it("refuses to draw the same tickets twice (UnknownTickets)", async function () {
    const f = await loadFixture(jackpotFixture);
    const tickets = ticketsOf(f, (await (await play(f, await signTicketBatch(f))).wait())!);
    await f.casino.drawJackpots(tickets);
    const pool = await f.casino.jackpotPool();
    await expect(f.casino.connect(f.settler).drawJackpots(tickets)).to.be.revertedWithCustomError(f.casino, "UnknownTickets").withArgs(ticketsHash(tickets));
    expect(await f.casino.jackpotPool()).to.equal(pool);
  });

  it("on a chain without EIP-2935, draws on the true hash up to 256 blocks later; at 257 the batch is void: no ticket wins, the free bankroll pays each one's fair value into the pool", async function () {
    const f = await loadFixture(jackpotFixture);
    await removeHistoryContract();
    const receipt = (await (await play(f, await signTicketBatch(f))).wait())!;
    const tickets = ticketsOf(f, receipt);
    await mineBlocks(255);
    const atTheEdge = await takeSnapshot();
    await drawAndCheck(f, tickets, await blockHashOf(receipt.blockNumber)); // mined 256 blocks after the bets
    await atTheEdge.restore();
    await mineBlocks(1);
    const pool = await f.casino.jackpotPool();
    const late = await drawAndCheck(f, tickets, ZeroHash);
    expect(eventsOf(late, f.casino, "JackpotWon")).to.deep.equal([]);
    const fair = tickets.reduce((sum, t) => sum + (t.prize * t.odds) / ODDS_ONE, 0n);
    expect(await f.casino.jackpotPool(), "the void draws' fair value, from the bankroll").to.equal(pool + fair);
  });

  it("the next play records the previous batch's draw on its block's hash (JackpotTicketsDrawn): drawn later, past the hash's window, the hits are the true hash's", async function () {
    const f = await loadFixture(jackpotFixture);
    await removeHistoryContract();
    const first = (await (await play(f, await signTicketBatch(f))).wait())!;
    const tickets = ticketsOf(f, first);
    const entropy = await blockHashOf(first.blockNumber);
    // The next play, a block later: its own ticket issued, the first batch's draw recorded.
    const [next] = await signBatch(f, [[f.playerSessions[2], { amount: parseEther("10"), params: 0b111111111n }]]);
    const second = (await (await play(f, [next])).wait())!;
    expect(eventsOf(second, f.casino, "JackpotTicketsDrawn").map((e) => e.args.toArray())).to.deep.equal([[ticketsHash(tickets), entropy]]);
    expect(eventsOf(second, f.casino, "JackpotTicketsIssued").map((e) => e.args.toArray())).to.deep.equal([[ticketsHash(ticketsOf(f, second)), 1n]]);
    expect(eventsOf(second, f.casino, "JackpotDrawn")).to.deep.equal([]);
    // 300 blocks on, the hash itself is gone (no EIP-2935 here): the recorded one decides, not a void draw.
    await mineBlocks(300);
    const hits = tickets.filter((t) => jackpotRoll(f.casinoAddress, t.betId, entropy) < t.odds);
    expect(hits.length).to.be.within(1, tickets.length - 1);
    const late = await drawAndCheck(f, tickets, entropy, { recordedBefore: true });
    expect(eventsOf(late, f.casino, "JackpotWon")).to.have.length(hits.length);
    await expect(f.casino.drawJackpots(tickets)).to.be.revertedWithCustomError(f.casino, "UnknownTickets").withArgs(ticketsHash(tickets));
  });

  it("plays of one block each issue a batch: the next play records the draws of all of them, the latest first, passing over one drawJackpots drew already", async function () {
    const f = await loadFixture(jackpotFixture);
    const batches = await Promise.all([0, 1, 2].map(async (i) => signBatch(f, [[f.playerSessions[i], { amount: parseEther("600"), params: 0b111111111n }]])));
    const receipts = await mineTogether(batches.map((bets) => () => play(f, bets)));
    expect(new Set(receipts.map((r) => r.blockNumber)).size).to.equal(1);
    const tickets = receipts.map((r) => ticketsOf(f, r));
    const entropy = await blockHashOf(receipts[0].blockNumber);
    // The second batch is drawn by anyone in the next block, with its own published draw.
    const drawn = (await (await f.casino.connect(f.stranger).drawJackpots(tickets[1])).wait())!;
    expect(eventsOf(drawn, f.casino, "JackpotTicketsDrawn").map((e) => e.args.toArray())).to.deep.equal([[ticketsHash(tickets[1]), entropy]]);
    // The next play records the other two, on the hash of their block: no drawJackpots of their own needed.
    const [next] = await signBatch(f, [[f.playerSessions[3], { amount: parseEther("10"), params: 0b111111111n }]]);
    const recording = (await (await play(f, [next])).wait())!;
    expect(eventsOf(recording, f.casino, "JackpotTicketsDrawn").map((e) => e.args.toArray())).to.deep.equal([
      [ticketsHash(tickets[2]), entropy],
      [ticketsHash(tickets[0]), entropy],
    ]);
    // A play of a later block records only the batch of the play before it.
    const [after] = await signBatch(f, [[f.playerSessions[3], { amount: parseEther("10"), params: 0b111111111n }]]);
    const later = (await (await play(f, [after])).wait())!;
    expect(eventsOf(later, f.casino, "JackpotTicketsDrawn").map((e) => e.args.toArray())).to.deep.equal([
      [ticketsHash(ticketsOf(f, recording)), await blockHashOf(recording.blockNumber)],
    ]);
    // The recorded draws pay their hits, to the wei, and the drawn batch cannot be drawn again.
    await drawAndCheck(f, tickets[0], entropy, { recordedBefore: true });
    await drawAndCheck(f, tickets[2], entropy, { recordedBefore: true });
    await expect(f.casino.drawJackpots(tickets[1])).to.be.revertedWithCustomError(f.casino, "UnknownTickets").withArgs(ticketsHash(tickets[1]));
  });

  it("a play whose batch issues no ticket still records the pending draw, once: a third play records nothing more", async function () {
    const f = await loadFixture(jackpotFixture);
    const first = (await (await play(f, await signTicketBatch(f))).wait())!;
    const tickets = ticketsOf(f, first);
    const [bnb] = await signBatch(f, [[f.playerSessions[2], { token: NATIVE, amount: parseEther("0.1") }]]);
    const second = (await (await play(f, [bnb])).wait())!;
    expect(eventsOf(second, f.casino, "JackpotTicketsDrawn").map((e) => e.args.toArray())).to.deep.equal([
      [ticketsHash(tickets), await blockHashOf(first.blockNumber)],
    ]);
    expect(eventsOf(second, f.casino, "JackpotTicketsIssued")).to.deep.equal([]);
    const [again] = await signBatch(f, [[f.playerSessions[2], { token: NATIVE, amount: parseEther("0.1") }]]);
    const third = (await (await play(f, [again])).wait())!;
    expect(eventsOf(third, f.casino, "JackpotTicketsDrawn")).to.deep.equal([]);
    await drawAndCheck(f, tickets, await blockHashOf(first.blockNumber), { recordedBefore: true });
  });

  it("credits a certain hit's prize only at the draw, into the vault, apart from the game's payout that play credited to the lane", async function () {
    const f = await loadFixture(jackpotFixture);
    const session = f.playerSessions[1];
    const [certain] = await signBatch(f, [[session, { amount: parseEther("6000"), game: GAME.CRASH, params: 101n }]]);
    const [vault, [lane]] = await Promise.all([f.casino.getBalance(session.player, f.tokenAddress), laneFunds(f, session)]);
    const receipt = (await (await play(f, [certain])).wait())!;
    const [played] = eventsOf(receipt, f.casino, "GamePlayed");
    expect((await laneFunds(f, session))[0]).to.equal(lane - parseEther("6000") + (played.args.payout as bigint));
    expect(await f.casino.getBalance(session.player, f.tokenAddress)).to.equal(vault);
    const [ticket] = ticketsOf(f, receipt);
    expect(ticket.odds).to.equal(ODDS_ONE);
    await drawAndCheck(f, [ticket], await blockHashOf(receipt.blockNumber));
  });
});
