// One-click play (docs/protocol.md §4). The server relays signed bets of several players and games in
// one CasinoSessions.play transaction; each is placed from its session's lane and settled there with
// its lane's seed, to the rules' payout, final in that block. If the relay fails, the player sends
// the same signed bet with the settler's countersignature (CasinoSessions.place) and the settler
// settles it with the same lane seed: the same outcome.
import { expect } from "chai";
import { ethers, network } from "hardhat";
import { loadFixture, takeSnapshot } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { betJackpotPrize, GAME, jackpotOdds, NATIVE } from "../helpers";
import { eventsOf } from "../findings/support";
import {
  deploySessions,
  laneFunds,
  openSession,
  payoutOf,
  countersign,
  place,
  play,
  playSkipping,
  seedOf,
  signBatch,
  signBet,
  ticketsHash,
  ticketsOf,
  type BetOptions,
  type Session,
  walletBet,
  type WalletBet,
} from "./support";

/** Four players with a session each (5,000 DEGEN and 5 BNB a bet, budgets of 50,000 DEGEN and 5 BNB in their lanes). */
async function fourSessionsFixture() {
  const f = await deploySessions();
  const limits = { maxBetDegen: parseEther("5000"), maxBetNative: parseEther("5"), budgetDegen: parseEther("50000"), budgetNative: parseEther("5") };
  const sessions: Session[] = [];
  for (const player of f.players.slice(0, 4)) sessions.push(await openSession(f, player, limits));
  return { ...f, playerSessions: sessions };
}

/** Five bets a player, every game that settles at once, both tokens. */
const MENU: BetOptions[] = [
  { game: GAME.WHEEL, params: 1n, amount: parseEther("100") },
  { game: GAME.WHEEL, params: 0b1110001n, token: NATIVE, amount: parseEther("0.5") },
  { game: GAME.SLOTS, params: 0n, amount: parseEther("250") },
  { game: GAME.SLOTS, params: 0n, token: NATIVE, amount: parseEther("0.05") },
  { game: GAME.KICKBOXING, params: 0n, amount: parseEther("40") },
  { game: GAME.KICKBOXING, params: 1n, amount: parseEther("75") },
  { game: GAME.KICKBOXING, params: 2n, token: NATIVE, amount: parseEther("1") },
  { game: GAME.CRASH, params: 200n, amount: parseEther("1000") },
  { game: GAME.CRASH, params: 150n, token: NATIVE, amount: parseEther("0.3") },
  { game: GAME.CRASH, params: 1000n, amount: parseEther("20") },
];

describe("CasinoSessions.play: one-click bets placed and settled in one transaction", function () {
  it("settles 20 bets of four players and every game, to the wei: lanes, vaults, bankrolls, events", async function () {
    const f = await loadFixture(fourSessionsFixture);
    const entries: [Session, BetOptions][] = [];
    for (let i = 0; i < 20; i++) entries.push([f.playerSessions[i % 4], MENU[i % MENU.length]]);
    const bets = await signBatch(f, entries);
    const payouts = await Promise.all(bets.map((b) => payoutOf(f, b.signed.bet, b.seed)));
    expect(payouts.filter((p) => p === 0n)).to.have.length.within(1, 19); // wins and losses both

    const tokens = [f.tokenAddress, NATIVE];
    const vaults = async () => Promise.all(f.playerSessions.map((s) => Promise.all(tokens.map((t) => f.casino.getBalance(s.player, t)))));
    const lanes = async () => Promise.all(f.playerSessions.map((s) => laneFunds(f, s)));
    const houses = async () => Promise.all(tokens.map((t) => f.casino.house(t)));
    const accounted = async () => Promise.all(tokens.map((t) => f.casino.accounted(t)));
    const [vaultsBefore, lanesBefore, housesBefore, accountedBefore, pool] = await Promise.all([
      vaults(),
      lanes(),
      houses(),
      accounted(),
      f.casino.jackpotPool(),
    ]);

    const receipt = (await (await play(f, bets)).wait())!;

    // Each session's lane moves by its bets' payouts less their stakes, its player's vault not at
    // all; each bankroll by the stakes less the payouts.
    const net = (keep: (i: number) => boolean) => bets.reduce((sum, b, i) => (keep(i) ? sum + payouts[i] - b.signed.bet.amount : sum), 0n);
    const lanesAfter = await lanes();
    expect(await vaults()).to.deep.equal(vaultsBefore);
    f.playerSessions.forEach((s, p) =>
      tokens.forEach((token, t) => {
        const moved = net((i) => bets[i].signed.bet.player === s.player && bets[i].signed.bet.token === token);
        expect(lanesAfter[p][t]).to.equal(lanesBefore[p][t] + moved);
      }),
    );
    const housesAfter = await houses();
    tokens.forEach((token, t) => {
      expect(housesAfter[t].bankroll).to.equal(housesBefore[t].bankroll - net((i) => bets[i].signed.bet.token === token));
      expect(housesAfter[t].reserved).to.equal(0n);
    });
    // Nothing entered or left the contract, and the jackpot waits for its draw.
    expect(await accounted()).to.deep.equal(accountedBefore);
    expect(await f.casino.jackpotPool()).to.equal(pool);

    // Per bet, in order: BetPlaced with every input and the jackpot terms fixed now, BetSettled
    // with the seed and the random word, GamePlayed with the rules' payout.
    const [edge, share] = await f.casino.jackpotTerms();
    const logs = receipt.logs.filter((l) => l.address === f.casinoAddress).map((l) => f.casino.interface.parseLog(l)!);
    expect(logs.map((l) => l.name)).to.deep.equal([...bets.flatMap(() => ["BetPlaced", "BetSettled", "GamePlayed"]), "JackpotTicketsIssued"]);
    bets.forEach(({ signed: { bet }, seed, betId, word }, i) => {
      const prize = bet.token === NATIVE ? 0n : betJackpotPrize(bet.amount, edge, pool, share);
      expect(logs[3 * i].args.toArray()).to.deep.equal([
        betId,
        bet.player,
        bet.token,
        bet.amount,
        BigInt(bet.gameType),
        bet.params,
        bet.nonce,
        bet.clientSeed,
        f.terms,
        jackpotOdds(bet.amount, edge, prize),
        prize,
      ]);
      expect(logs[3 * i + 1].args.toArray()).to.deep.equal([betId, seed, word]);
      expect(logs[3 * i + 2].args.toArray()).to.deep.equal([bet.player, bet.amount, payouts[i], payouts[i] > bet.amount, BigInt(bet.gameType)]);
    });
    const tickets = ticketsOf(f, receipt);
    expect(logs[60].args.toArray()).to.deep.equal([ticketsHash(tickets), BigInt(tickets.length)]);

    // Each lane's chain moved on by five links and its nonces by five; each player's wallet lane not at all.
    for (const s of f.playerSessions) {
      const lane = await f.casino.laneOf(s.player, s.lane);
      const base = s.lane << 32n;
      expect([lane.commit, lane.nextNonce, lane.nextToResolve]).to.deep.equal([s.chain.seed(5), base | 5n, base | 5n]);
      expect((await f.casino.commitmentOf(s.player)).nextNonce).to.equal(0n);
    }
  });

  describe("if the relay fails", function () {
    it("the player sends the same signed bet with place() and the settler's countersignature; settled with its relay seed it pays exactly what play() would have paid", async function () {
      const f = await loadFixture(fourSessionsFixture);
      const alice = f.players[0];
      const session = f.playerSessions[0];
      const stake = parseEther("100");
      const bet = await signBet(f, session, { game: GAME.WHEEL, params: 0b11n, amount: stake });
      const vault = await f.casino.getBalance(alice.address, f.tokenAddress);
      const [bankroll] = await f.casino.house(f.tokenAddress);

      // What play() would have given, on a snapshot.
      const snapshot = await takeSnapshot();
      const relayed = (await (await play(f, [bet])).wait())!;
      const [played] = eventsOf(relayed, f.casino, "GamePlayed");
      const payout = played.args.payout as bigint;
      expect(payout).to.equal(await payoutOf(f, bet.signed.bet, bet.seed));
      await snapshot.restore();

      // The relay never sent it. The server countersigned the bet when it accepted it: with that, anyone may place it.
      const [edge, share] = await f.casino.jackpotTerms();
      const prize = betJackpotPrize(stake, edge, await f.casino.jackpotPool(), share);
      const [laneBefore] = await laneFunds(f, session);
      await expect(f.sessions.connect(alice).place(bet.signed, await countersign(f, bet.signed)))
        .to.emit(f.casino, "BetPlaced")
        .withArgs(
          bet.betId,
          alice.address,
          f.tokenAddress,
          stake,
          GAME.WHEEL,
          0b11n,
          bet.signed.bet.nonce,
          bet.signed.bet.clientSeed,
          f.terms,
          jackpotOdds(stake, edge, prize),
          prize,
        );
      expect(await laneFunds(f, session)).to.deep.equal([laneBefore - stake, parseEther("5")]);
      expect(await f.casino.getBalance(alice.address, f.tokenAddress), "the vault untouched").to.equal(vault);
      // The relay, back, cannot send it a second time.
      await playSkipping(f, [bet], bet, f.casino, "WrongNonce");

      // The lane's seed settles it; a wallet seed of the same player is of another chain (WrongSeed).
      await expect(f.casino.connect(f.settler).settle(bet.betId, seedOf(alice.address, 0n), payout))
        .to.be.revertedWithCustomError(f.casino, "WrongSeed")
        .withArgs(bet.betId);
      const settled = (await (await f.casino.connect(f.settler).settle(bet.betId, bet.seed, payout)).wait())!;
      const [settledEvent] = eventsOf(settled, f.casino, "BetSettled");
      expect(settledEvent.args.toArray()).to.deep.equal([bet.betId, bet.seed, bet.word]);
      const [gamePlayed] = eventsOf(settled, f.casino, "GamePlayed");
      expect(gamePlayed.args.toArray()).to.deep.equal([alice.address, stake, payout, payout > stake, BigInt(GAME.WHEEL)]);
      // The payout goes to the lane; a jackpot hit, drawn at this settlement on the hash of the bet's own block, to the vault.
      const jackpot = eventsOf(settled, f.casino, "JackpotWon").reduce((sum, e) => sum + (e.args.amount as bigint), 0n);
      expect(await laneFunds(f, session)).to.deep.equal([laneBefore - stake + payout, parseEther("5")]);
      expect(await f.casino.getBalance(alice.address, f.tokenAddress)).to.equal(vault + jackpot);
      expect(await f.casino.house(f.tokenAddress)).to.deep.equal([bankroll + stake - payout, 0n]);
      expect((await f.casino.laneOf(alice.address, session.lane)).nextToResolve).to.equal(bet.signed.bet.nonce + 1n);
    });

    it("a bet placed by the session and settled through Casino.settle pays into the session's lane", async function () {
      const f = await loadFixture(fourSessionsFixture);
      const session = f.playerSessions[0];
      const stake = parseEther("100");
      const bet = await signBet(f, session, { amount: stake, wanted: async (pay) => (await pay())! > 0n });
      const [before] = await laneFunds(f, session);
      await place(f, bet.signed, f.players[0]);
      const payout = await payoutOf(f, bet.signed.bet, bet.seed);
      expect(payout).to.be.greaterThan(0n);
      await f.casino.connect(f.settler).settle(bet.betId, bet.seed, payout);
      expect((await laneFunds(f, session))[0]).to.equal(before - stake + payout);
    });
  });

  describe("the seeds a relay transaction reveals", function () {
    // CasinoSessions.play carries each bet's lane seed in its calldata: public while the transaction
    // is pending, and for good in a batch that reverts. Before c51ae61 the leaked seed settled
    // whatever bet took the nonce first, so a player who read it chose a winning client seed and
    // sent it first (1,000 DEGEN on one wheel colour paid 10,200); then a relay seed was the hash of
    // the wallet seed of its nonce, and of the link above the wallet seed of the nonce before (R3-1).
    // Now a session's lane has a chain of its own: its seeds settle its own bets only, and a wallet
    // bet can never take a lane's nonce (docs/decisions.md §4, "lanes").

    /** A wallet bet of 1,000 DEGEN whose client seed wins under the leaked seed. */
    async function betOnLeak(f: Awaited<ReturnType<typeof fourSessionsFixture>>, leaked: string): Promise<WalletBet> {
      const alice = f.players[0];
      const nonce = (await f.casino.commitmentOf(alice.address)).nextNonce;
      const fields = { player: alice.address, token: f.tokenAddress, amount: parseEther("1000"), gameType: GAME.WHEEL, params: 1n, nonce, terms: f.terms };
      let clientSeed = "";
      for (let attempt = 0; clientSeed === ""; attempt++) {
        const candidate = ethers.id(`chosen under the leak ${attempt}`);
        if ((await payoutOf(f, { ...fields, clientSeed: candidate }, leaked)) > 0n) clientSeed = candidate;
      }
      return walletBet(f, alice, { amount: parseEther("1000"), clientSeed });
    }

    /** The leaked seed settles nothing of Alice's wallet bet (WrongSeed); its wallet seed, of another chain, settles it at the rules' payout for that seed. */
    async function expectLeakUseless(f: Awaited<ReturnType<typeof fourSessionsFixture>>, chosen: WalletBet, leaked: string) {
      const choice = await payoutOf(f, chosen.bet, leaked);
      expect(choice, "the outcome she chose under the leaked seed").to.equal(parseEther("10200"));
      await expect(f.casino.connect(f.settler).settle(chosen.betId, leaked, choice))
        .to.be.revertedWithCustomError(f.casino, "WrongSeed")
        .withArgs(chosen.betId);
      expect(chosen.seed).to.equal(seedOf(chosen.bet.player, chosen.bet.nonce));
      const payout = await payoutOf(f, chosen.bet, chosen.seed);
      const word = await f.casino.computeRandom(chosen.seed, chosen.bet.clientSeed, chosen.bet.player, chosen.bet.nonce);
      await expect(f.casino.connect(f.settler).settle(chosen.betId, chosen.seed, payout))
        .to.emit(f.casino, "BetSettled")
        .withArgs(chosen.betId, chosen.seed, word);
    }

    it("a wallet bet sent against a seed read from the relay's pending play gains nothing, and the relay's bet settles as signed", async function () {
      const f = await loadFixture(fourSessionsFixture);
      const decoy = await signBet(f, f.playerSessions[0], { amount: parseEther("1") });
      const fee = (tip: bigint) => ({ gasLimit: 3_000_000, maxPriorityFeePerGas: tip, maxFeePerGas: 100n * 10n ** 9n });
      // The relay's transaction waits in the mempool; Alice reads it and outbids it (blocks order by tip).
      await network.provider.send("evm_setAutomine", [false]);
      let chosen: WalletBet;
      let relayedHash: string;
      try {
        const relayed = await f.sessions.connect(f.settler).play([decoy.signed], [decoy.seed], fee(10n ** 9n));
        relayedHash = relayed.hash;
        const [, [leaked]] = f.sessions.interface.decodeFunctionData("play", (await ethers.provider.getTransaction(relayed.hash))!.data);
        expect(leaked).to.equal(decoy.seed);
        chosen = await betOnLeak(f, leaked);
        await chosen.send();
        await network.provider.send("evm_mine", []);
      } finally {
        await network.provider.send("evm_setAutomine", [true]);
      }
      expect((await f.casino.getBet(chosen.betId)).open).to.equal(true);
      const relayedReceipt = (await ethers.provider.getTransactionReceipt(relayedHash))!;
      expect(eventsOf(relayedReceipt, f.casino, "BetSkipped"), "the relay's bet, on its own lane").to.have.length(0);
      expect(eventsOf(relayedReceipt, f.casino, "BetSettled").map((e) => e.args.betId)).to.deep.equal([decoy.betId]);
      await expectLeakUseless(f, chosen, decoy.seed);
    });

    it("a lane seed seen in a reverted play settles no wallet bet (WrongSeed)", async function () {
      const f = await loadFixture(fourSessionsFixture);
      const [alice, bob] = f.players;
      // Alice's bet rides in a batch that a pause mined just before reverts: her lane seed is public.
      const [aliceBet, bobBet] = await signBatch(f, [
        [f.playerSessions[0], { amount: parseEther("1") }],
        [f.playerSessions[1], { amount: parseEther("1") }],
      ]);
      await f.casino.connect(f.owner).pause();
      await expect(play(f, [aliceBet, bobBet])).to.be.revertedWithCustomError(f.casino, "IsPaused");
      await f.casino.connect(f.owner).unpause();
      expect(bobBet.signed.bet.player).to.equal(bob.address);
      expect((await f.casino.commitmentOf(alice.address)).nextNonce).to.equal(0n);
      const chosen = await betOnLeak(f, aliceBet.seed);
      await chosen.send();
      await expectLeakUseless(f, chosen, aliceBet.seed);
    });
  });

  it("plays a batch of one session's bets in its lane's nonce order, each settled with its own link of the lane's chain", async function () {
    const f = await loadFixture(fourSessionsFixture);
    const session = f.playerSessions[1];
    const bets = await signBatch(
      f,
      Array.from({ length: 6 }, (): [Session, BetOptions] => [session, {}]),
    );
    const receipt = (await (await play(f, bets)).wait())!;
    const settled = eventsOf(receipt, f.casino, "BetSettled").map((e) => e.args.seed as string);
    expect(settled).to.deep.equal(bets.map((_, n) => session.chain.links[n + 1]));
  });
});
