// A play session, signed once by the player's wallet for a key the browser holds; checked on chain
// (EIP-1271 for contract wallets), at most 24 h long, revocable at once from the wallet; its own lane
// of the Casino, with the hash chain the grant names and the budget the vault puts in until it ends.
// What the key may do is its grant's; it can never withdraw or swap (contracts/CasinoSessions.sol,
// docs/protocol.md §4).
import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { GAME, NATIVE } from "../helpers";
import {
  chainOf,
  deploySessions,
  grantOf,
  keyOf,
  laneChainOf,
  laneFunds,
  MAX_SESSION,
  openSession,
  place,
  play,
  playSkippingOne,
  playSkipping,
  signBet,
  signGrant,
  TOKEN_BITS,
  VAULT_DEGEN,
  VAULT_NATIVE,
  type Session,
} from "./support";

describe("CasinoSessions: the session grant", function () {
  describe("opening", function () {
    it("opens the session the player's wallet signed, whoever submits it, with the terms signed: a lane of its own, its budget moved from the vault", async function () {
      const f = await loadFixture(deploySessions);
      const [alice] = f.players;
      const key = keyOf("alice");
      // DEGEN only; the wheel, slots and kickboxing (bits 0, 1, 3). A BNB budget signed for a token
      // the grant leaves out moves nothing.
      const grant = await grantOf(alice.address, key.address, { tokens: TOKEN_BITS.DEGEN, games: 0b01011n, maxBetNative: 0n, budgetNative: parseEther("1") });
      const opened = f.sessions.connect(f.stranger).openSession(grant, await signGrant(f, alice, grant));
      await expect(opened)
        .to.emit(f.sessions, "SessionOpened")
        .withArgs(alice.address, key.address, 1n, grant.commit, grant.expiresAt, TOKEN_BITS.DEGEN, 0b01011n, grant.maxBetDegen, 0n, grant.budgetDegen, 0n);
      await expect(opened).to.emit(f.casino, "LaneOpened").withArgs(alice.address, 1n, grant.commit, grant.budgetDegen, 0n);
      const session = await f.sessions.sessionOf(alice.address, key.address);
      expect(session.lane).to.equal(1n);
      expect(session.expiresAt).to.equal(grant.expiresAt);
      expect(session.tokens).to.equal(TOKEN_BITS.DEGEN);
      expect(session.revoked).to.be.false;
      expect(session.maxBet).to.deep.equal([grant.maxBetDegen, 0n]);
      const lane = await f.casino.laneOf(alice.address, 1n);
      expect([lane.commit, lane.nextNonce, lane.nextToResolve, [...lane.funds]]).to.deep.equal([grant.commit, 1n << 32n, 1n << 32n, [grant.budgetDegen, 0n]]);
      expect(await f.casino.getBalance(alice.address, f.tokenAddress)).to.equal(VAULT_DEGEN - grant.budgetDegen);
      expect(await f.casino.getBalance(alice.address, NATIVE)).to.equal(VAULT_NATIVE);
      // Her next session gets the next lane, with a chain of its own.
      const second = await openSession(f, alice, {}, "tab 2");
      expect(second.lane).to.equal(2n);
      expect((await f.casino.laneOf(alice.address, 2n)).commit).to.equal(laneChainOf(second.key.address).commit);
    });

    it("refuses a budget above the vault (InsufficientBalance) and a grant without a chain (InvalidCommitment), moving nothing", async function () {
      const f = await loadFixture(deploySessions);
      const [alice] = f.players;
      const tooMuch = await grantOf(alice.address, keyOf("too much").address, { budgetNative: VAULT_NATIVE + 1n });
      await expect(f.sessions.openSession(tooMuch, await signGrant(f, alice, tooMuch)))
        .to.be.revertedWithCustomError(f.casino, "InsufficientBalance")
        .withArgs(VAULT_NATIVE, VAULT_NATIVE + 1n);
      const noChain = await grantOf(alice.address, keyOf("no chain").address, { commit: ethers.ZeroHash });
      await expect(f.sessions.openSession(noChain, await signGrant(f, alice, noChain))).to.be.revertedWithCustomError(f.casino, "InvalidCommitment");
      expect(await f.casino.getBalance(alice.address, NATIVE)).to.equal(VAULT_NATIVE);
      expect(await f.sessions.lanesOf(alice.address)).to.equal(0n);
    });

    it("refuses a grant signed by another account than the player it names (InvalidSignature)", async function () {
      const f = await loadFixture(deploySessions);
      const [alice, bob] = f.players;
      const grant = await grantOf(alice.address, keyOf("alice").address);
      await expect(f.sessions.openSession(grant, await signGrant(f, bob, grant))).to.be.revertedWithCustomError(f.sessions, "InvalidSignature");
    });

    it("refuses a grant changed after the wallet signed it, here a larger budget (InvalidSignature)", async function () {
      const f = await loadFixture(deploySessions);
      const [alice] = f.players;
      const grant = await grantOf(alice.address, keyOf("alice").address);
      const signature = await signGrant(f, alice, grant);
      await expect(f.sessions.openSession({ ...grant, budgetDegen: grant.budgetDegen * 10n }, signature)).to.be.revertedWithCustomError(
        f.sessions,
        "InvalidSignature",
      );
    });

    it("refuses an expiry more than 24 h ahead (SessionTooLong), takes one of exactly 24 h", async function () {
      const f = await loadFixture(deploySessions);
      const [alice] = f.players;
      const at = BigInt(await time.latest()) + 100n;
      const tooLong = await grantOf(alice.address, keyOf("too long").address, { expiresAt: at + MAX_SESSION + 1n });
      await time.setNextBlockTimestamp(at);
      await expect(f.sessions.openSession(tooLong, await signGrant(f, alice, tooLong)))
        .to.be.revertedWithCustomError(f.sessions, "SessionTooLong")
        .withArgs(at + MAX_SESSION + 1n, at + MAX_SESSION);
      const dayLong = await grantOf(alice.address, keyOf("a day").address, { expiresAt: at + 10n + MAX_SESSION });
      await time.setNextBlockTimestamp(at + 10n);
      await expect(f.sessions.openSession(dayLong, await signGrant(f, alice, dayLong))).to.emit(f.sessions, "SessionOpened");
    });

    it("refuses a grant that has already expired, up to its very second (SessionExpired)", async function () {
      const f = await loadFixture(deploySessions);
      const [alice] = f.players;
      const at = BigInt(await time.latest()) + 100n;
      const grant = await grantOf(alice.address, keyOf("alice").address, { expiresAt: at });
      await time.setNextBlockTimestamp(at);
      await expect(f.sessions.openSession(grant, await signGrant(f, alice, grant)))
        .to.be.revertedWithCustomError(f.sessions, "SessionExpired")
        .withArgs(at);
    });

    it("refuses a player's key already used (SessionExists); another player's grant for that key opens that player's own session", async function () {
      const f = await loadFixture(deploySessions);
      const [alice, bob] = f.players;
      const key = keyOf("shared");
      const grant = await grantOf(alice.address, key.address);
      const signature = await signGrant(f, alice, grant);
      await f.sessions.openSession(grant, signature);
      await expect(f.sessions.openSession(grant, signature)).to.be.revertedWithCustomError(f.sessions, "SessionExists").withArgs(key.address);
      // Sessions are kept by player and key: Bob's grant for the same key is Bob's, apart from Alice's.
      const bobs = await grantOf(bob.address, key.address, { budgetDegen: parseEther("7") });
      await expect(f.sessions.openSession(bobs, await signGrant(f, bob, bobs))).to.emit(f.sessions, "SessionOpened");
      expect((await f.casino.laneOf(alice.address, 1n)).funds).to.deep.equal([grant.budgetDegen, grant.budgetNative]);
      expect((await f.casino.laneOf(bob.address, 1n)).funds).to.deep.equal([parseEther("7"), bobs.budgetNative]);
      expect((await f.sessions.sessionOf(f.stranger.address, key.address)).lane).to.equal(0n);
    });
  });

  describe("a contract wallet (EIP-1271)", function () {
    async function contractWalletFixture() {
      const f = await deploySessions();
      const owner = (await ethers.getSigners())[13];
      const wallet = await (await ethers.getContractFactory("MockContractWallet")).deploy(owner.address);
      const walletAddress = await wallet.getAddress();
      const deposit = f.casino.interface.encodeFunctionData("deposit", [NATIVE, parseEther("2")]);
      await wallet.connect(owner).execute(f.casinoAddress, parseEther("2"), deposit, { value: parseEther("2") });
      await f.casino.connect(f.settler).setCommitment(walletAddress, chainOf(walletAddress).commit, chainOf(walletAddress).length);
      return { ...f, owner, walletAddress };
    }

    it("opens a session its owner signed for the wallet, whose key then bets from the lane the wallet's vault funded", async function () {
      const f = await loadFixture(contractWalletFixture);
      const key = keyOf("contract wallet");
      const grant = await grantOf(f.walletAddress, key.address, { tokens: TOKEN_BITS.BNB, budgetDegen: 0n, budgetNative: parseEther("1") });
      await expect(f.sessions.openSession(grant, await signGrant(f, f.owner, grant))).to.emit(f.sessions, "SessionOpened");
      const session: Session = { player: f.walletAddress, key, grant, lane: 1n, chain: laneChainOf(key.address) };
      const bet = await signBet(f, session, { token: NATIVE, amount: parseEther("0.5") });
      const payout = await f.rules.payout(0, 1n, true, parseEther("0.5"), bet.word, "0x");
      await play(f, [bet]);
      expect(await laneFunds(f, session)).to.deep.equal([0n, parseEther("1") - parseEther("0.5") + payout]);
      expect(await f.casino.getBalance(f.walletAddress, NATIVE)).to.equal(parseEther("1"));
    });

    it("refuses a grant the wallet does not accept: signed by a key other than its owner, it answers 0xffffffff (InvalidSignature)", async function () {
      const f = await loadFixture(contractWalletFixture);
      const grant = await grantOf(f.walletAddress, keyOf("contract wallet").address);
      await expect(f.sessions.openSession(grant, await signGrant(f, f.stranger, grant))).to.be.revertedWithCustomError(f.sessions, "InvalidSignature");
    });
  });

  describe("what the key can never do", function () {
    it("withdraw or swap: the relay takes only the player's own signature (InvalidSignature)", async function () {
      const f = await loadFixture(deploySessions);
      const [alice] = f.players;
      const session = await openSession(f, alice);
      const relayDomain = { name: "DEGEN Casino", version: "1", chainId: f.chainId, verifyingContract: await f.relay.getAddress() };
      const deadline = BigInt(await time.latest()) + 600n;
      const withdrawal = { player: alice.address, token: f.tokenAddress, amount: VAULT_DEGEN, deadline };
      const withdrawTypes = {
        Withdraw: [
          { name: "player", type: "address" },
          { name: "token", type: "address" },
          { name: "amount", type: "uint256" },
          { name: "nonce", type: "uint256" },
          { name: "deadline", type: "uint256" },
        ],
      };
      const signature = await session.key.signTypedData(relayDomain, withdrawTypes, { ...withdrawal, nonce: 0n });
      await expect(f.relay.connect(f.settler).withdraw(withdrawal, signature)).to.be.revertedWithCustomError(f.relay, "InvalidSignature");
      const swap = { player: alice.address, fromToken: f.tokenAddress, toToken: NATIVE, amount: parseEther("100"), minAmountOut: 0n, deadline };
      const swapTypes = {
        Swap: [
          { name: "player", type: "address" },
          { name: "fromToken", type: "address" },
          { name: "toToken", type: "address" },
          { name: "amount", type: "uint256" },
          { name: "minAmountOut", type: "uint256" },
          { name: "nonce", type: "uint256" },
          { name: "deadline", type: "uint256" },
        ],
      };
      const swapSignature = await session.key.signTypedData(relayDomain, swapTypes, { ...swap, nonce: 0n });
      await expect(f.relay.connect(f.settler).swap(swap, swapSignature)).to.be.revertedWithCustomError(f.relay, "InvalidSignature");
      expect(await f.casino.getBalance(alice.address, f.tokenAddress)).to.equal(VAULT_DEGEN - session.grant.budgetDegen);
    });

    it("bet a token or a game its grant leaves out (TokenNotAllowed, GameNotAllowed)", async function () {
      const f = await loadFixture(deploySessions);
      const [alice] = f.players;
      const session = await openSession(f, alice, { tokens: TOKEN_BITS.DEGEN, games: 1n << BigInt(GAME.WHEEL) });
      await playSkippingOne(f, await signBet(f, session, { token: NATIVE }), f.sessions, "TokenNotAllowed");
      await playSkippingOne(f, await signBet(f, session, { game: GAME.SLOTS, params: 0n }), f.sessions, "GameNotAllowed");
    });
  });

  describe("revoking", function () {
    it("ends the session with the player's one transaction: the bets the server accepted before land within the acceptance window, none after (SessionExpired)", async function () {
      const f = await loadFixture(deploySessions);
      const [alice] = f.players;
      const session = await openSession(f, alice);
      const accepted = await signBet(f, session);
      await expect(f.sessions.connect(alice).revokeSession(session.key.address))
        .to.emit(f.sessions, "SessionRevoked")
        .withArgs(alice.address, session.key.address);
      const view = await f.sessions.sessionOf(alice.address, session.key.address);
      expect(view.revoked).to.be.true;
      expect(view.expiresAt).to.equal(BigInt(await time.latest()) + (await f.sessions.BET_ACCEPTANCE_WINDOW()));
      // Revoking never cancels a bet the server took: its outcome may already be public.
      await expect(play(f, [accepted]))
        .to.emit(f.casino, "BetSettled")
        .withArgs(accepted.betId, accepted.seed, accepted.word);
      await time.increaseTo(view.expiresAt);
      const later = await signBet(f, session);
      await playSkipping(f, [later], later, f.sessions, "SessionExpired");
      await expect(place(f, later.signed)).to.be.revertedWithCustomError(f.sessions, "SessionExpired").withArgs(view.expiresAt);
    });

    it("revokes a key before it is opened: its grant then never opens (SessionExists)", async function () {
      const f = await loadFixture(deploySessions);
      const [alice] = f.players;
      const key = keyOf("leaked");
      const grant = await grantOf(alice.address, key.address);
      await expect(f.sessions.connect(alice).revokeSession(key.address)).to.emit(f.sessions, "SessionRevoked").withArgs(alice.address, key.address);
      await expect(f.sessions.openSession(grant, await signGrant(f, alice, grant)))
        .to.be.revertedWithCustomError(f.sessions, "SessionExists")
        .withArgs(key.address);
    });

    it("another player's revoke of a key touches only that player's own session: the key still bets for its player", async function () {
      const f = await loadFixture(deploySessions);
      const [alice, bob] = f.players;
      const session = await openSession(f, alice);
      await expect(f.sessions.connect(bob).revokeSession(session.key.address)).to.emit(f.sessions, "SessionRevoked").withArgs(bob.address, session.key.address);
      expect((await f.sessions.sessionOf(alice.address, session.key.address)).revoked).to.be.false;
      expect((await f.sessions.sessionOf(bob.address, session.key.address)).revoked).to.be.true;
      const bet = await signBet(f, session);
      await expect(play(f, [bet]))
        .to.emit(f.casino, "BetSettled")
        .withArgs(bet.betId, bet.seed, bet.word);
    });

    // Fixed in c51ae61: a stranger who read a pending openSession (its grant names the key) and
    // revoked that key first kept the player's session from ever opening (SessionExists).
    it("a stranger cannot keep a player's session from opening by revoking its key first", async function () {
      const f = await loadFixture(deploySessions);
      const [alice] = f.players;
      const key = keyOf("front-run");
      const grant = await grantOf(alice.address, key.address);
      await expect(f.sessions.connect(f.stranger).revokeSession(key.address)).to.emit(f.sessions, "SessionRevoked").withArgs(f.stranger.address, key.address);
      await expect(f.sessions.openSession(grant, await signGrant(f, alice, grant)))
        .to.emit(f.sessions, "SessionOpened")
        .withArgs(
          alice.address,
          key.address,
          1n,
          grant.commit,
          grant.expiresAt,
          grant.tokens,
          grant.games,
          grant.maxBetDegen,
          grant.maxBetNative,
          grant.budgetDegen,
          grant.budgetNative,
        );
      const opened = await f.sessions.sessionOf(alice.address, key.address);
      expect([opened.lane, opened.revoked]).to.deep.equal([1n, false]);
    });
  });

  describe("closing", function () {
    it("gives the lane's funds back to the vault once the session has ended, whoever sends it, and again for a payout that lands later", async function () {
      const f = await loadFixture(deploySessions);
      const [alice] = f.players;
      const session = await openSession(f, alice);
      const hand = await signBet(f, session, { game: GAME.BLACKJACK, params: 0n, amount: parseEther("100") });
      await place(f, hand.signed);
      const [degen, native] = await laneFunds(f, session);
      await expect(f.sessions.connect(f.stranger).closeSession(alice.address, session.key.address))
        .to.be.revertedWithCustomError(f.sessions, "SessionNotEnded")
        .withArgs(session.grant.expiresAt);
      await time.increaseTo(session.grant.expiresAt + 1n);
      await expect(f.sessions.connect(f.stranger).closeSession(alice.address, session.key.address))
        .to.emit(f.sessions, "SessionClosed")
        .withArgs(alice.address, session.key.address, degen, native)
        .and.to.emit(f.casino, "LaneClosed")
        .withArgs(alice.address, session.lane, degen, native);
      expect(await laneFunds(f, session)).to.deep.equal([0n, 0n]);
      expect(await f.casino.getBalance(alice.address, f.tokenAddress)).to.equal(VAULT_DEGEN - parseEther("100"));
      expect(await f.casino.getBalance(alice.address, NATIVE)).to.equal(VAULT_NATIVE);
      // The hand the lane still had open pays into the lane; a second close returns it.
      const payout = await f.rules.payout(GAME.BLACKJACK, 0n, false, parseEther("100"), hand.word, "0x");
      await f.casino.connect(f.settler).settle(hand.betId, hand.seed, payout);
      expect(await laneFunds(f, session)).to.deep.equal([payout, 0n]);
      await f.sessions.closeSession(alice.address, session.key.address);
      expect(await f.casino.getBalance(alice.address, f.tokenAddress)).to.equal(VAULT_DEGEN - parseEther("100") + payout);
      await expect(f.sessions.closeSession(f.stranger.address, session.key.address))
        .to.be.revertedWithCustomError(f.sessions, "NotSessionPlayer")
        .withArgs(session.key.address, f.stranger.address);
    });
  });
});
