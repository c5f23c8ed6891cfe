// Issue #37 (trust, round 3), item 2, the player's own option: a relay transaction shows its bets'
// seeds while it waits to be mined, so a player who reads it in a public mempool knows whether
// their one-click bet wins before it lands. Until now they could then make a losing bet fail with
// a transaction of their own mined first: withdraw the vault, revoke the key, tighten a limit or
// start a cool-off, bet from the wallet on the nonce, or give up the hash chain. The rule now:
// nothing a player does after the server accepted their bet makes that bet fail, or cancelling
// costs what the bet would have lost (contracts/README.md "Trust assumptions"). Each test puts the
// player's transaction in the relay's block, just before its play, and checks the vault to the wei.
import { expect } from "chai";
import { ethers, network } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, type ContractTransactionResponse } from "ethers";
import { eventsOf } from "../support";
import { deploySessions, openSession, play, signBet, walletBet, type Outcome, type RelayedBet } from "../../sessions/support";

const STAKE = parseEther("1000"); // the session's largest stake (sessions/support.ts grantOf)
const lose: Outcome = async (pay) => (await pay()) === 0n;

async function playerFixture() {
  const f = await deploySessions();
  const [alice] = f.players;
  const session = await openSession(f, alice);
  // The server accepted this losing bet; its play now waits in the mempool, its seed public.
  const accepted = await signBet(f, session, { amount: STAKE, wanted: lose });
  return { ...f, alice, session, accepted };
}

type Fixture = Awaited<ReturnType<typeof playerFixture>>;

/** Mines the player's `front` transaction and then the relay's play of `bet` in one block; returns both outcomes. */
async function frontRun(f: Fixture, front: () => Promise<ContractTransactionResponse>, bet: RelayedBet) {
  await network.provider.send("evm_setAutomine", [false]);
  let frontHash: string;
  let playHash: string;
  try {
    frontHash = (await front()).hash;
    playHash = (await play(f, [bet])).hash;
    await network.provider.send("evm_mine", []);
  } finally {
    await network.provider.send("evm_setAutomine", [true]);
  }
  const [frontReceipt, playReceipt] = await Promise.all([ethers.provider.getTransactionReceipt(frontHash), ethers.provider.getTransactionReceipt(playHash)]);
  expect(playReceipt!.status, "the play went through").to.equal(1);
  return { front: frontReceipt!, play: playReceipt! };
}

/** The accepted bet settled in the play, its stake lost: the vault, to the wei, `spent` below where it was. */
async function expectLost(f: Fixture, receipt: Awaited<ReturnType<typeof frontRun>>["play"], vaultBefore: bigint, spent = STAKE) {
  expect(eventsOf(receipt, f.casino, "BetSkipped"), "nothing skipped").to.have.length(0);
  expect(eventsOf(receipt, f.casino, "BetSettled").map((e) => e.args.betId)).to.deep.equal([f.accepted.betId]);
  const [played] = eventsOf(receipt, f.casino, "GamePlayed");
  expect(played.args.payout).to.equal(0n);
  expect(await f.casino.getBalance(f.alice.address, f.tokenAddress)).to.equal(vaultBefore - spent);
}

describe("Issue #37, item 2: a player cannot cancel a one-click bet the server accepted", function () {
  it("withdrawing the whole vault first is refused above the session's largest stake (BalanceHeld): the bet settles, its stake lost", async function () {
    const f = await loadFixture(playerFixture);
    const vault = await f.casino.getBalance(f.alice.address, f.tokenAddress);
    const { front, play } = await frontRun(f, () => f.casino.connect(f.alice).withdraw(f.tokenAddress, vault, { gasLimit: 300_000 }), f.accepted);
    expect(front.status, "the withdrawal of everything reverted").to.equal(0);
    await expectLost(f, play, vault);
    // What the session does not hold leaves as ever, and the held stake once the session is over.
    await expect(f.casino.connect(f.alice).withdraw(f.tokenAddress, vault - STAKE))
      .to.be.revertedWithCustomError(f.casino, "BalanceHeld")
      .withArgs(STAKE, 0n);
    await f.casino.connect(f.alice).withdraw(f.tokenAddress, vault - 2n * STAKE);
    expect(await f.casino.getBalance(f.alice.address, f.tokenAddress)).to.equal(STAKE);
  });

  it("revoking the key first: the bet settles all the same, and the held stake is free once the acceptance window has passed", async function () {
    const f = await loadFixture(playerFixture);
    const vault = await f.casino.getBalance(f.alice.address, f.tokenAddress);
    const { front, play } = await frontRun(f, () => f.sessions.connect(f.alice).revokeSession(f.session.key.address), f.accepted);
    expect(front.status).to.equal(1);
    await expectLost(f, play, vault);
    const [held, until] = await f.sessions.heldOf(f.alice.address, f.tokenAddress);
    expect(held).to.equal(STAKE);
    await time.increaseTo(until);
    expect(await f.sessions.heldOf(f.alice.address, f.tokenAddress)).to.deep.equal([0n, 0n]);
    await expect(f.casino.connect(f.alice).withdraw(f.tokenAddress, vault - STAKE)).to.changeTokenBalance(f.token, f.alice, vault - STAKE);
  });

  it("revoking a key that holds no live session (never opened) leaves the live session's hold as it was", async function () {
    const f = await loadFixture(playerFixture);
    const before = await f.sessions.heldOf(f.alice.address, f.tokenAddress);
    expect(before).to.deep.equal([STAKE, f.session.grant.expiresAt]);
    await f.sessions.connect(f.alice).revokeSession(ethers.Wallet.createRandom().address);
    expect(await f.sessions.heldOf(f.alice.address, f.tokenAddress)).to.deep.equal(before);
  });

  it("a cool-off, or a largest stake below the bet, set first: the bet settles, counted in the loss windows; a bet signed after is refused", async function () {
    for (const tighten of ["coolOff", "betCap"] as const) {
      const f = await loadFixture(playerFixture);
      const vault = await f.casino.getBalance(f.alice.address, f.tokenAddress);
      await f.limits.connect(f.alice).setLimits(f.tokenAddress, [parseEther("50000"), 0n, 0n], 0n);
      const limits = f.limits.connect(f.alice);
      const front =
        tighten === "coolOff"
          ? async () => limits.setCoolOff(BigInt(await time.latest()) + 3_600n)
          : () => limits.setLimits(f.tokenAddress, [parseEther("50000"), 0n, 0n], parseEther("1"));
      const { play: played } = await frontRun(f, front, f.accepted);
      await expectLost(f, played, vault);
      expect((await f.limits.limitsOf(f.alice.address, f.tokenAddress)).lossUsed[0], `${tighten}: the bet counted`).to.equal(STAKE);

      // Signed once the setting is in force (its deadline past the window after it): refused.
      const tightenedAt = BigInt(await time.latest());
      const later = await signBet(f, f.session, { amount: STAKE, deadline: tightenedAt + (await f.sessions.BET_ACCEPTANCE_WINDOW()) + 1n });
      const receipt = (await (await play(f, [later])).wait())!;
      const reason = f.limits.interface.getError(tighten === "coolOff" ? "CoolingOff" : "AboveBetCap")!.selector;
      expect(
        eventsOf(receipt, f.casino, "BetSkipped").map((e) => e.args.reason),
        tighten,
      ).to.deep.equal([reason]);
    }
  });

  it("betting from the wallet on the bet's nonce first: the one-click bet's stake is forfeited, as the lost bet would have cost it", async function () {
    const f = await loadFixture(playerFixture);
    const vault = await f.casino.getBalance(f.alice.address, f.tokenAddress);
    const bankroll = (await f.casino.house(f.tokenAddress)).bankroll;
    const wallet = await walletBet(f, f.alice, { amount: parseEther("10") });
    const { play } = await frontRun(f, wallet.send, f.accepted);
    expect(eventsOf(play, f.casino, "StakeForfeited").map((e) => [e.args.betId, e.args.amount])).to.deep.equal([[f.accepted.betId, STAKE]]);
    expect(eventsOf(play, f.casino, "BetSettled")).to.have.length(0);
    // The stake went to the bankroll, the wallet bet's stake is open: the player is no better off than with the loss.
    expect(await f.casino.getBalance(f.alice.address, f.tokenAddress)).to.equal(vault - STAKE - parseEther("10"));
    expect((await f.casino.house(f.tokenAddress)).bankroll).to.equal(bankroll + STAKE);
  });

  it("giving up the hash chain first is refused while a session lives (SessionLive): the bet settles", async function () {
    const f = await loadFixture(playerFixture);
    const vault = await f.casino.getBalance(f.alice.address, f.tokenAddress);
    const { front, play } = await frontRun(f, () => f.casino.connect(f.alice).abandonCommitment({ gasLimit: 300_000 }), f.accepted);
    expect(front.status, "abandonCommitment reverted").to.equal(0);
    await expectLost(f, play, vault);
    const [, until] = await f.sessions.heldOf(f.alice.address, f.tokenAddress);
    await expect(f.casino.connect(f.alice).abandonCommitment()).to.be.revertedWithCustomError(f.casino, "SessionLive").withArgs(until);
  });

  it("a wallet bet from the vault keeps the held stake there: paid from the wallet when the vault's free part is short", async function () {
    const f = await loadFixture(playerFixture);
    const vault = await f.casino.getBalance(f.alice.address, f.tokenAddress);
    await f.casino.connect(f.alice).withdraw(f.tokenAddress, vault - STAKE - parseEther("5"));
    // 5 DEGEN free in the vault: a 10 DEGEN wallet bet takes its stake from the wallet, not the held stake.
    await f.token.connect(f.alice).approve(f.casinoAddress, parseEther("10"));
    const bet = await walletBet(f, f.alice, { amount: parseEther("10") });
    await expect(bet.send()).to.changeTokenBalance(f.token, f.alice, -parseEther("10"));
    expect(await f.casino.getBalance(f.alice.address, f.tokenAddress)).to.equal(STAKE + parseEther("5"));
  });
});
