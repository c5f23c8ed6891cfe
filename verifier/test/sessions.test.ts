import { keccak256, parseEther, ZeroAddress } from "ethers";
import { describe, expect, it } from "vitest";
import { GameType, canSplit, crashRound, jackpotFairValue, laneNonce, settleGame, startBlackjack } from "../../engine/src/index";
import { casinoInterface } from "../../bindings/casino";
import type { AuditOptions } from "../src/audit";
import { audit } from "./support/audit";
import type { SignedBet } from "../src/calls";
import type { EventOf } from "../src/types";
import { CASINO, CHAIN_ID, DEGEN, History, SESSIONS, TERMS, privateKeyOf } from "./support/history";

const FULL: AuditOptions = { chainId: CHAIN_ID, casino: CASINO, sessions: SESSIONS, degen: DEGEN, fromDeployment: true };
const [ALICE, BOB, CAROL, DAVE] = [History.player(0), History.player(1), History.player(2), History.player(3)] as [string, string, string, string];
const STATELESS = [
  { gameType: GameType.WHEEL, params: 0b101n },
  { gameType: GameType.SLOTS },
  { gameType: GameType.KICKBOXING, params: 2n },
  { gameType: GameType.CRASH, params: 180n },
];

/** A funded jackpot, the three players committed, Alice and Bob with a session open (each its lane 1). */
function opened(): History {
  const history = new History();
  history.fundJackpot(parseEther("1000"));
  for (const player of [ALICE, BOB, CAROL]) history.commit(player, 64);
  history.openSession(ALICE);
  history.openSession(BOB);
  return history;
}

const verify = (history: History, options: AuditOptions = FULL) => audit(history.events, options, history.transactions);
const problemsOf = (history: History) => verify(history).problems.map(({ kind, message }) => [kind, message]);

describe("one-click bets and signed action logs", () => {
  it("passes every session bet: played at once, its ticket drawn later; placed and settled with the signed actions; a wallet's hand with a key it named; an auto-stand", () => {
    const history = opened();
    const played = history.play([
      ...STATELESS.map((game) => ({ player: ALICE, ...game })),
      ...STATELESS.map((game) => ({ player: BOB, ...game, token: "BNB" as const, amount: parseEther("0.01") })),
    ]);
    history.drawTickets(played.filter((bet) => bet.token === DEGEN));
    // Interactive rounds: placed from a signed bet, settled with the log the session key signed.
    const hand = history.placeSigned({ player: ALICE, gameType: GameType.BLACKJACK });
    history.settle(hand, { actions: "S" });
    const round = history.placeSigned({ player: BOB, gameType: GameType.CRASH, params: 0n });
    const cashOut = crashRound(history.wordOf(round), "BNB").crashPoint >= 150 ? 150 : null;
    history.settle(round, { actions: cashOut });
    // Carol has no session: her wallet names a key for the hand; and one hand auto-stood (Casino.settle).
    const walletHand = history.place(CAROL, { gameType: GameType.BLACKJACK });
    history.settle(walletHand, { actions: "S" });
    const stood = history.place(CAROL, { gameType: GameType.BLACKJACK });
    history.settle(stood);
    const claimed = history.place(CAROL, { gameType: GameType.WHEEL, params: 1n });
    history.claim(claimed);
    // Alice's session ends: its lane gives back its budget less its stakes, plus its payouts.
    history.closeSession(ALICE);

    const result = verify(history);
    expect(result.problems).toEqual([]);
    expect(result.stats).toMatchObject({ settled: 12, expired: 1, sessionKeys: 2, revokedKeys: 0, lanesClosed: 1 });
    const of = (betId: bigint) => result.bets.find((bet) => bet.betId === betId)!;
    for (const [i, bet] of played.entries()) {
      expect(of(bet.betId)).toMatchObject({
        enforcement: "computed on chain",
        placement: { via: "session", call: "play" },
        // Each player's session is lane 1: its bet n settled with link n + 1 of the lane's chain.
        link: { lane: 1, position: (i % STATELESS.length) + 1 },
        actions: null,
        checks: { word: "exact", chain: "exact", payout: "exact", signed: "exact", jackpot: bet.token === DEGEN ? "exact" : "n/a" },
      });
    }
    expect(of(hand.betId)).toMatchObject({
      placement: { via: "session", call: "place" },
      actions: { log: "S" },
      checks: { payout: "exact", signed: "exact" },
    });
    expect(of(round.betId)).toMatchObject({ actions: { log: cashOut }, checks: { payout: "exact", signed: "exact" } });
    expect(of(walletHand.betId)).toMatchObject({ placement: { via: "wallet" }, actions: { log: "S" }, checks: { payout: "exact", signed: "exact" } });
    expect(of(stood.betId)).toMatchObject({ actions: { log: "", signedBy: null }, checks: { payout: "exact", signed: "n/a" } });
    expect(of(claimed.betId)).toMatchObject({ enforcement: "the maximum, claimed back", checks: { payout: "exact" } });
    // The session key's signatures are the session's: the key is named on the bets it signed.
    expect(of(played[0]!.betId).placement).toEqual({ via: "session", call: "play", key: of(hand.betId).actions!.signedBy });
  });

  it("shows a ticket not drawn by the last block as pending, and checks a batch drawn once the hash was gone as void: no win, each ticket's fair value funded", () => {
    const history = opened();
    const waiting = history.play([
      { player: ALICE, gameType: GameType.SLOTS },
      { player: ALICE, gameType: GameType.WHEEL, params: 1n },
    ]);
    const pending = verify(history);
    expect(pending.problems).toEqual([]);
    expect(pending.bets[0]).toMatchObject({ betId: waiting[0]!.betId, jackpot: null, checks: { jackpot: "pending", payout: "exact" } });
    history.drawTickets(waiting, { after: 9000 });
    const fairValue = (bet: EventOf<"BetPlaced">) => jackpotFairValue(bet.jackpotPrize, bet.jackpotOdds);
    // Issue #37 item 6: per ticket, the Casino's JackpotFunded of its fair value, then its draw published as no hit.
    expect(history.events.slice(-5).map((event) => event.name)).toEqual([
      "JackpotTicketsDrawn",
      "JackpotFunded",
      "JackpotDrawn",
      "JackpotFunded",
      "JackpotDrawn",
    ]);
    const late = verify(history);
    expect(late.problems).toEqual([]);
    for (const [i, bet] of waiting.entries()) {
      expect(late.bets[i]).toMatchObject({
        jackpot: { hit: false, won: 0n, prize: 0n, entropy: "0x" + "0".repeat(64), fundedByHouse: fairValue(bet) },
        checks: { jackpot: "exact" },
      });
    }
    // A void ticket paid as a hit is reported.
    const paid = opened();
    const [farmed] = paid.play([{ player: ALICE, gameType: GameType.SLOTS }]);
    paid.drawTickets([farmed!], { after: 9000, hit: true });
    expect(problemsOf(paid)).toEqual([["jackpot", expect.stringMatching(/^the void draw is published as a hit of [\d.]+ DEGEN: a void draw wins nothing$/)]]);
  });

  it("reports a ticket drawn from another block's hash, voided while its hash was known, or published as a hit it is not; tickets never issued", () => {
    const entropy = opened();
    const [a] = entropy.play([{ player: ALICE, gameType: GameType.SLOTS }]);
    entropy.drawTickets([a!], { entropy: keccak256("0x0b") });
    expect(verify(entropy).problems.map((problem) => problem.kind)).toEqual(["entropy"]);

    const voided = opened();
    const [b] = voided.play([{ player: ALICE, gameType: GameType.SLOTS }]);
    voided.drawTickets([b!], { entropy: "0x" + "0".repeat(64), after: 10 });
    expect(verify(voided).problems.map((problem) => problem.message)).toEqual([
      expect.stringMatching(/^the draw is void although the hash of block \d+ was still available 10 blocks later$/),
    ]);

    const flipped = opened();
    const [c] = flipped.play([{ player: ALICE, gameType: GameType.SLOTS }]);
    flipped.drawTickets([c!], { hit: true });
    expect(problemsOf(flipped)).toEqual([
      ["jackpot", expect.stringMatching(/^JackpotDrawn publishes a hit paying [\d.]+ DEGEN for a ticket whose batch's draw is a miss$/)],
    ]);

    const unissued = opened();
    unissued.play([{ player: ALICE, gameType: GameType.SLOTS }]);
    const issued = unissued.events.findIndex((event) => event.name === "JackpotTicketsIssued");
    unissued.events.splice(issued, 1);
    expect(problemsOf(unissued)).toEqual([["jackpot", "no JackpotTicketsIssued for the 1 jackpot ticket(s) of this transaction's one-click bets"]]);
  });

  it("reports a relayed bet whose every signed field in turn differs from what BetPlaced published", () => {
    const differs: [keyof SignedBet, unknown, string][] = [
      ["amount", parseEther("5"), "BetPlaced published amount 10000000000000000000, the session key signed 5000000000000000000"],
      ["token", ZeroAddress, `BetPlaced published token ${DEGEN.toLowerCase()}, the session key signed ${ZeroAddress}`],
      ["game", 0n, "BetPlaced published game 1, the session key signed 0"],
      ["params", 3n, "BetPlaced published params 0, the session key signed 3"],
      ["clientSeed", keccak256("0x0c"), "BetPlaced published client seed"],
      ["nonce", 7n, `BetPlaced published nonce ${laneNonce(1, 0)}, the session key signed 7`],
      ["terms", 1n, "BetPlaced published terms"],
    ];
    for (const [field, value, message] of differs) {
      const history = opened();
      history.play([{ player: ALICE, gameType: GameType.SLOTS, signedAs: { [field]: value } }]);
      const { problems, bets } = verify(history);
      expect([field, problems.map((problem) => problem.kind)]).toEqual([field, ["signature"]]);
      expect(problems[0]!.message).toContain(message);
      expect(bets[0]!.checks.signed).toBe("mismatch");
    }
    // The player field: a bet signed for Bob, published as Alice's, by Bob's key.
    const player = opened();
    player.play([
      {
        player: ALICE,
        gameType: GameType.SLOTS,
        signedAs: { player: BOB },
        signer: privateKeyOf(player.sessionKey(BOB)),
      },
    ]);
    expect(problemsOf(player).map(([kind]) => kind)).toEqual(["signature", "signature"]);
  });

  it("reports a bet or an action log signed by a key that is not its lane's session key", () => {
    const foreign = opened();
    foreign.play([{ player: ALICE, gameType: GameType.WHEEL, params: 1n, signer: privateKeyOf(foreign.sessionKey(BOB)) }]);
    expect(problemsOf(foreign)).toEqual([
      ["signature", expect.stringMatching(/^0x[0-9a-fA-F]{40} signed the bet, but it is no session key this player opened before it$/)],
    ]);

    // Alice's second session is lane 2: her first session's key signs only lane 1's bets.
    const otherLane = opened();
    const firstKey = otherLane.sessionKey(ALICE);
    otherLane.openSession(ALICE);
    otherLane.play([{ player: ALICE, gameType: GameType.SLOTS, signer: privateKeyOf(firstKey) }]);
    expect(problemsOf(otherLane)).toEqual([["signature", `${firstKey} signed the bet, but that key's session is lane 1, the bet is of lane 2`]]);

    // A revocation ends the session ACCEPTANCE_WINDOW later: a bet that lands after it, its
    // deadline within that end (the contract's check of timestamps), is no fault.
    const revoked = opened();
    revoked.revokeSession(ALICE, revoked.sessionKey(ALICE));
    revoked.play([{ player: ALICE, gameType: GameType.SLOTS }]);
    expect(problemsOf(revoked)).toEqual([]);

    // A hand placed after the session was revoked, settled with that key's log: not the player's.
    const lateLog = opened();
    lateLog.revokeSession(ALICE, lateLog.sessionKey(ALICE));
    const lateHand = lateLog.place(ALICE, { gameType: GameType.BLACKJACK });
    lateLog.settle(lateHand, { actions: "S" });
    expect(problemsOf(lateLog)).toEqual([["signature", expect.stringMatching(/signed the action log, but the player revoked that session key/)]]);

    // Revoked while the hand was open: the log the key signed still settles it (CasinoSessions.settle).
    const openHand = opened();
    const hand = openHand.placeSigned({ player: ALICE, gameType: GameType.BLACKJACK });
    openHand.revokeSession(ALICE, openHand.sessionKey(ALICE));
    openHand.settle(hand, { actions: "S" });
    expect(problemsOf(openHand)).toEqual([]);

    // A session that allows slots only, and stakes up to 5 DEGEN.
    const terms = new History();
    terms.commit(CAROL, 8);
    terms.openSession(CAROL, { games: 1n << BigInt(GameType.SLOTS), maxBetDegen: parseEther("5") });
    terms.play([{ player: CAROL, gameType: GameType.WHEEL, params: 1n, token: "BNB", amount: parseEther("0.01") }]);
    terms.play([{ player: CAROL, gameType: GameType.SLOTS }]);
    expect(problemsOf(terms)).toEqual([
      ["signature", "the session does not allow wheel bets"],
      ["signature", "the stake 10 is above the session's largest 5"],
    ]);
  });

  it("replays an interactive round exactly from the log its settlement carries: a payout off that log is reported, and a split with its stake", () => {
    const history = opened();
    const hand = history.placeSigned({ player: ALICE, gameType: GameType.BLACKJACK });
    history.settle(hand, { actions: "S", payout: parseEther("25") });
    expect(problemsOf(history)).toEqual([
      ["payout", expect.stringMatching(/^payout 25 DEGEN differs from the rules' [\d.]+ DEGEN for the settled action log$/)],
    ]);

    // A log that splits a hand whose second stake was never added (the Casino refuses it).
    const unstaked = opened();
    let pair = unstaked.placeSigned({ player: ALICE, gameType: GameType.BLACKJACK });
    while (!canSplit(startBlackjack(unstaked.wordOf(pair), 1n, "DEGEN"))) {
      unstaked.settle(pair);
      pair = unstaked.placeSigned({ player: ALICE, gameType: GameType.BLACKJACK });
    }
    unstaked.settle(pair, { actions: "PSS", payout: 0n });
    expect(problemsOf(unstaked).at(-1)).toEqual(["payout", "the settled log splits a hand whose second stake was never added"]);
  });

  it("checks each lane's seeds on its own chain, one link a bet: the wallet's k-th bet at link k, a session's bet n at link n + 1, across claimed bets", () => {
    // Alice: a wallet bet; two one-click bets and a signed hand on lane 1; a wallet bet and a lane
    // bet claimed (their links left unrevealed); a wallet bet and a one-click bet after them; a
    // second session's first bet, on lane 2.
    const history = opened();
    const first = history.place(ALICE, { gameType: GameType.SLOTS });
    history.settle(first); // wallet link 1
    const [second, third] = history.play([
      { player: ALICE, gameType: GameType.WHEEL, params: 1n },
      { player: ALICE, gameType: GameType.SLOTS },
    ]); // lane 1, links 1 and 2
    const signedHand = history.placeSigned({ player: ALICE, gameType: GameType.BLACKJACK });
    history.settle(signedHand, { actions: "S" }); // lane 1, link 3
    const claimedWallet = history.place(ALICE, { gameType: GameType.WHEEL, params: 1n });
    history.claim(claimedWallet); // wallet link 2 unrevealed
    const claimedSigned = history.placeSigned({ player: ALICE, gameType: GameType.SLOTS });
    history.claim(claimedSigned); // lane 1, link 4 unrevealed
    const afterClaims = history.place(ALICE, { gameType: GameType.SLOTS });
    history.settle(afterClaims); // wallet link 3: 2 hashes down to link 1
    const [laneAfter] = history.play([{ player: ALICE, gameType: GameType.KICKBOXING, params: 2n }]); // lane 1, link 5: 2 hashes down to link 3
    history.openSession(ALICE);
    const [secondLane] = history.play([{ player: ALICE, gameType: GameType.SLOTS }]); // lane 2, link 1

    const result = verify(history);
    expect(result.problems).toEqual([]);
    const of = (bet: { betId: bigint }) => result.bets.find((candidate) => candidate.betId === bet.betId)!;
    const settled = [first, second, third, signedHand, afterClaims, laneAfter, secondLane];
    expect(settled.map((bet) => of(bet!).link)).toEqual([
      { lane: 0, position: 1 },
      { lane: 1, position: 1 },
      { lane: 1, position: 2 },
      { lane: 1, position: 3 },
      { lane: 0, position: 3 },
      { lane: 1, position: 5 },
      { lane: 2, position: 1 },
    ]);
    expect(settled.every((bet) => of(bet!).checks.chain === "exact")).toBe(true);
    expect(of(claimedWallet).link).toBeNull();
    // Bob's and Carol's chains are untouched; Alice's lanes: 1 + 1 + 1 + 1 + 2 + 2 + 1 hashes.
    expect(result.stats.links).toBe(9);
  });

  it("reports a bet settled with a seed of another lane's chain (the wallet's, or a session's), or one link off", () => {
    const sessionBet = opened();
    const hand = sessionBet.placeSigned({ player: ALICE, gameType: GameType.SLOTS });
    sessionBet.settle(hand, { seed: sessionBet.seedIn(ALICE, 0n) });
    const found = verify(sessionBet);
    expect(found.problems.map(({ kind, message }) => [kind, message])).toEqual([
      ["link", expect.stringMatching(/^keccak256 applied 1 time to the seed \(link 1\) does not give its lane's commitment 0x[0-9a-f]{64}$/)],
    ]);
    expect(found.bets[0]).toMatchObject({ link: null, checks: { chain: "mismatch", signed: "exact" } });

    // A wallet bet settled with the seed of the same place in Alice's session lane.
    const wallet = opened();
    const bet = wallet.place(ALICE, { gameType: GameType.SLOTS });
    wallet.settle(bet, { seed: wallet.seedIn(ALICE, laneNonce(1, 0)) });
    expect(problemsOf(wallet)).toEqual([["link", expect.stringMatching(/^keccak256 applied 1 time to the seed \(link 1\) does not give/)]]);

    // One link too far: the seed of the next bet, which hashes to this bet's, not to the commitment.
    const beyond = opened();
    const early = beyond.placeSigned({ player: BOB, gameType: GameType.SLOTS });
    beyond.settle(early, { seed: beyond.seedIn(BOB, laneNonce(1, 1)) });
    expect(problemsOf(beyond)).toEqual([["link", expect.stringMatching(/^keccak256 applied 1 time to the seed \(link 1\) does not give/)]]);
  });

  it("follows each session's lane: opened with its grant's root and budgets, its bets in order one at a time, its funds to the wei", () => {
    // Two bets open at once on one lane: the Casino takes a lane's next bet once the one before is resolved.
    const twoOpen = opened();
    const a = twoOpen.placeSigned({ player: ALICE, gameType: GameType.BLACKJACK });
    const b = twoOpen.placeSigned({ player: ALICE, gameType: GameType.BLACKJACK });
    twoOpen.settle(a);
    twoOpen.settle(b);
    expect(problemsOf(twoOpen)).toEqual([
      ["order", `the bet was placed while bet #${laneNonce(1, 0)} of its lane was open: a session's lane takes a bet once the one before it is resolved`],
    ]);

    // A lane no session opened: its LaneOpened gone, the session's SessionOpened stands alone.
    const unopened = opened();
    unopened.events.splice(
      unopened.events.findIndex((event) => event.name === "LaneOpened" && event.player === ALICE),
      1,
    );
    unopened.play([{ player: ALICE, gameType: GameType.SLOTS }]);
    expect(problemsOf(unopened)).toEqual([
      ["events", expect.stringMatching(/^SessionOpened names lane 1 with root 0x[0-9a-f]{64} and 10000 DEGEN, 100 BNB; no LaneOpened of the Casino before it/)],
      ["order", "the bet was placed on lane 1, which no session of the player opened"],
    ]);

    // The budget the wallet signed is what the lane took from the vault.
    const budget = opened();
    const session = budget.events.find((event) => event.name === "SessionOpened" && event.player === ALICE)!;
    Object.assign(session, { budgetDegen: parseEther("500") });
    expect(problemsOf(budget)).toEqual([
      [
        "events",
        expect.stringMatching(
          /^SessionOpened names lane 1 with root .* and 500 DEGEN, 100 BNB; the Casino's LaneOpened in its transaction lane 1 with root .* and 10000 DEGEN, 100 BNB$/,
        ),
      ],
    ]);

    // A stake above what the lane holds.
    const short = new History();
    short.commit(DAVE, 8);
    short.openSession(DAVE, { budgetDegen: parseEther("5") });
    short.play([{ player: DAVE, gameType: GameType.SLOTS }]);
    expect(problemsOf(short)).toEqual([["funds", "the lane held 5 DEGEN when the bet staked 10: a lane stakes only what its session's budget put in it"]]);

    // Closed: the lane's funds to the wei, a hand still open paying into the lane after, given back by a second close.
    const closed = opened();
    closed.play(STATELESS.map((game) => ({ player: ALICE, ...game })));
    const hand = closed.placeSigned({ player: ALICE, gameType: GameType.BLACKJACK });
    closed.closeSession(ALICE);
    closed.settle(hand, { actions: "S" });
    closed.closeSession(ALICE);
    const result = verify(closed);
    expect(result.problems).toEqual([]);
    expect(result.stats.lanesClosed).toBe(2);
    const returned = closed.events.filter((event) => event.name === "LaneClosed").map((event) => event.degen);
    expect(returned[1]).toBe(result.bets.find((bet) => bet.betId === hand.betId)!.payout);

    const wrong = opened();
    wrong.play([{ player: ALICE, gameType: GameType.SLOTS }]);
    wrong.closeSession(ALICE, { degen: parseEther("10001") });
    expect(problemsOf(wrong)).toEqual([
      [
        "funds",
        expect.stringMatching(
          /^LaneClosed gave back 10001 DEGEN and 100 BNB to the vault; the lane's budget, stakes and payouts leave it [\d.]+ DEGEN and 100 BNB$/,
        ),
      ],
    ]);
  });

  it("matches a play's signed bets to its BetPlaced past the bets it skipped, and reports a lane's bet its player's wallet sent", () => {
    const history = opened();
    const [bobs] = history.play([
      { player: ALICE, gameType: GameType.SLOTS, skipped: casinoInterface.getError("InsufficientBankroll")!.selector },
      { player: BOB, gameType: GameType.WHEEL, params: 1n },
    ]);
    const [alices] = history.play([{ player: ALICE, gameType: GameType.SLOTS }]);
    const result = verify(history);
    expect(result.problems).toEqual([]);
    expect(result.bets.map((bet) => [bet.betId, bet.checks.signed])).toEqual([
      [bobs!.betId, "exact"],
      [alices!.betId, "exact"],
    ]);
    // The skipped bet's nonce stayed: the next bet of Alice's lane took it.
    expect(alices!.nonce).toBe(laneNonce(1, 0));

    const fromWallet = opened();
    const bet = fromWallet.placeSigned({ player: ALICE, gameType: GameType.SLOTS });
    fromWallet.transactions.set(bet.at.tx, {
      hash: bet.at.tx,
      to: CASINO,
      input: casinoInterface.encodeFunctionData("playGame", [DEGEN, bet.amount, bet.gameType, 0n, bet.clientSeed, keccak256("0x01"), TERMS]),
    });
    fromWallet.settle(bet);
    expect(problemsOf(fromWallet)).toEqual([
      ["signature", "the bet is of lane 1, a session's, but its transaction is the wallet's playGame: a lane takes only its session key's bets"],
    ]);
  });

  it("settles a staked split as the rules contract does: played when the log starts with it, void otherwise (the second stake paid back)", () => {
    // Dave never opens a session (the keys History signs with are kept across histories): his wallet names a key for each hand.
    const history = opened();
    history.commit(DAVE, 64);
    let pair = history.place(DAVE, { gameType: GameType.BLACKJACK });
    while (!canSplit(startBlackjack(history.wordOf(pair), 1n, "DEGEN"))) {
      history.settle(pair);
      pair = history.place(DAVE, { gameType: GameType.BLACKJACK });
    }
    history.addStake(pair);
    history.settle(pair, { actions: "PSS" });
    let unsplit = history.place(DAVE, { gameType: GameType.BLACKJACK });
    while (!canSplit(startBlackjack(history.wordOf(unsplit), 1n, "DEGEN"))) {
      history.settle(unsplit);
      unsplit = history.place(DAVE, { gameType: GameType.BLACKJACK });
    }
    history.addStake(unsplit);
    history.settle(unsplit, { actions: "S" });
    const result = verify(history);
    expect(result.problems).toEqual([]);
    const of = (bet: { betId: bigint }) => result.bets.find((candidate) => candidate.betId === bet.betId)!;
    expect(of(pair)).toMatchObject({ split: true, actions: { log: "PSS" }, checks: { payout: "exact" } });
    // Void: the hand stood as dealt, its payout plus the second stake.
    const stood = settleGame({
      gameType: GameType.BLACKJACK,
      token: "DEGEN",
      stake: parseEther("10"),
      params: 0n,
      word: history.wordOf(unsplit),
      actions: "S",
    });
    expect(of(unsplit)).toMatchObject({ split: true, payout: stood.payout + parseEther("10"), actions: { log: "S" }, checks: { payout: "exact" } });

    // Paid as if the split had been played, or without the second stake back: reported.
    const wrong = opened();
    wrong.commit(DAVE, 64);
    let hand = wrong.place(DAVE, { gameType: GameType.BLACKJACK });
    while (!canSplit(startBlackjack(wrong.wordOf(hand), 1n, "DEGEN"))) {
      wrong.settle(hand);
      hand = wrong.place(DAVE, { gameType: GameType.BLACKJACK });
    }
    wrong.addStake(hand);
    const asDealt = settleGame({ gameType: GameType.BLACKJACK, token: "DEGEN", stake: parseEther("10"), params: 0n, word: wrong.wordOf(hand), actions: "S" });
    wrong.settle(hand, { actions: "S", payout: asDealt.payout });
    expect(problemsOf(wrong).map(([kind]) => kind)).toEqual(["payout"]);
  });

  it("checks a range that starts after a session was opened: the signer unknown (?), every signed field still compared", () => {
    const history = opened();
    const cut = history.events.length;
    history.play([{ player: ALICE, gameType: GameType.SLOTS }]);
    history.play([{ player: ALICE, gameType: GameType.SLOTS, signedAs: { amount: 1n } }]);
    const result = audit(history.events.slice(cut), { ...FULL, fromDeployment: false }, history.transactions);
    expect(result.bets.map((bet) => bet.checks.signed)).toEqual(["unchecked", "mismatch"]);
    expect(result.problems.map((problem) => problem.kind)).toEqual(["signature"]);

    // A lane opened before the range: what it holds is known from its first close in the range on.
    const later = opened();
    const from = later.events.length;
    const hand = later.placeSigned({ player: ALICE, gameType: GameType.BLACKJACK });
    later.closeSession(ALICE);
    later.settle(hand, { actions: "S" });
    const honest = audit(later.events.slice(from), { ...FULL, fromDeployment: false }, later.transactions);
    expect(honest.problems).toEqual([]);
    later.closeSession(ALICE, { degen: 1n });
    const closes = audit(later.events.slice(from), { ...FULL, fromDeployment: false }, later.transactions);
    expect(closes.stats.lanesClosed).toBe(2);
    expect(closes.problems.map((problem) => problem.kind)).toEqual(["funds"]);
  });
});
