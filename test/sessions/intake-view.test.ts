// Issue #38 item 6: the one-click intake reads a player's view (commitment, vault, session, relay
// nonce, limits, code) in one eth_call that creates contracts/views/IntakeView.sol and is never
// deployed. It must answer exactly what the separate reads answer, at the same block.
import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, ZeroAddress } from "ethers";
import { IntakeView__factory } from "../../typechain-types";
import type { IntakeView } from "../../typechain-types/contracts/views/IntakeView";
import { NATIVE } from "../helpers";
import { signWithdraw } from "../support";
import { deploySessions, openSession, play, signBet, type SessionsFixture } from "./support";

/**
 * Alice lost a one-click bet and had a withdrawal relayed; Bob set a loss limit and a stake cap on
 * DEGEN; a contract wallet of Carol's holds code.
 */
async function viewFixture() {
  const f = await deploySessions();
  const [alice, bob, carol] = f.players;
  const session = await openSession(f, alice);
  await play(f, [await signBet(f, session, { amount: parseEther("100"), wanted: async (pay) => (await pay()) === 0n })]);
  const withdrawal = {
    player: alice.address,
    token: NATIVE,
    amount: parseEther("0.1"),
    deadline: BigInt(await time.latest()) + 3_600n,
  };
  await f.relay.withdraw(withdrawal, await signWithdraw(f.relay, alice, withdrawal));
  await f.limits.connect(bob).setLimits(f.tokenAddress, [parseEther("500"), 0n, 0n], parseEther("50"));
  const wallet = await (await ethers.getContractFactory("MockContractWallet")).deploy(carol.address);
  return { ...f, alice, bob, session, wallet: await wallet.getAddress() };
}

/** The view in one eth_call at `block`: IntakeView's creation, which the node runs and throws away (as bindings/casino.ts intakeViewCall). */
async function oneCall(f: SessionsFixture, player: string, token: string, key: string, block: number): Promise<IntakeView.PlayerViewStructOutput> {
  const creation = await new IntakeView__factory().getDeployTransaction(f.casinoAddress, player, token, key);
  const answer = await ethers.provider.call({ data: creation.data, blockTag: block });
  return IntakeView__factory.createInterface().decodeFunctionResult("viewOf", answer)[0] as IntakeView.PlayerViewStructOutput;
}

/** A decoded answer's values, in nested arrays: ethers' Result, and the tuples it holds, are arrays. */
const valuesOf = (answer: unknown): unknown => (Array.isArray(answer) ? [...answer].map(valuesOf) : answer);

/** The same view, read as the server read it before: one request per contract read, and the code. */
async function separateReads(f: SessionsFixture, player: string, token: string, key: string, block: number) {
  const at = { blockTag: block };
  const [code, commitment, balance, session, relayNonce, limits, held] = await Promise.all([
    ethers.provider.getCode(player, block),
    f.casino.commitmentOf(player, at),
    f.casino.getBalance(player, token, at),
    f.sessions.sessionOf(player, key, at),
    f.relay.nonces(player, at),
    f.limits.limitsOf(player, token, at),
    f.sessions.heldOf(player, token, at),
  ]);
  return [BigInt((code.length - 2) / 2), ...commitment, balance, session.lost, relayNonce, limits, held.until].map(valuesOf);
}

describe("IntakeView: a player's one-click view in one eth_call (issue #38 item 6)", function () {
  it("answers exactly what the separate reads answer, for a player with a session, one with limits and a contract wallet", async function () {
    const f = await loadFixture(viewFixture);
    const block = await ethers.provider.getBlockNumber();
    const cases = [
      { player: f.alice.address, token: f.tokenAddress, key: f.session.key.address },
      { player: f.alice.address, token: NATIVE, key: f.session.key.address },
      { player: f.bob.address, token: f.tokenAddress, key: ZeroAddress },
      { player: f.wallet, token: f.tokenAddress, key: ZeroAddress },
    ];
    for (const { player, token, key } of cases) {
      const view = await oneCall(f, player, token, key, block);
      expect(valuesOf(view)).to.deep.equal(await separateReads(f, player, token, key, block));
    }
    // What the cases are there for: a loss on Alice's session, her relayed withdrawal, Bob's limits, Carol's code.
    const alice = await oneCall(f, f.alice.address, f.tokenAddress, f.session.key.address, block);
    expect([alice.lost[0], alice.relayNonce, alice.codeSize]).to.deep.equal([parseEther("100"), 1n, 0n]);
    expect(alice.heldUntil, "Alice's session holds a stake until it expires").to.equal(f.session.grant.expiresAt);
    const bob = await oneCall(f, f.bob.address, f.tokenAddress, ZeroAddress, block);
    expect([bob.limits.lossLimit[0], bob.limits.betCap]).to.deep.equal([parseEther("500"), parseEther("50")]);
    expect((await oneCall(f, f.wallet, f.tokenAddress, ZeroAddress, block)).codeSize).to.be.greaterThan(0n);
  });

  it("reads the block it is asked at", async function () {
    const f = await loadFixture(viewFixture);
    const before = await ethers.provider.getBlockNumber();
    await f.casino.connect(f.alice).deposit(f.tokenAddress, parseEther("7"));
    const balanceAt = async (block: number) => (await oneCall(f, f.alice.address, f.tokenAddress, f.session.key.address, block)).balance;
    expect((await balanceAt(before + 1)) - (await balanceAt(before))).to.equal(parseEther("7"));
  });
});
