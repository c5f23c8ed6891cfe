// Issue #40: before a batch goes out unsimulated, the relay reads each of a round's players'
// counters (CasinoRelay's nonce, the commitment's next nonce and next bet to resolve) in one
// eth_call that creates contracts/views/RelayRoundView.sol and is never deployed. It must answer
// exactly what the separate reads answer, at the same block, for every player in the order asked.
import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, Wallet } from "ethers";
import { RelayRoundView__factory } from "../../typechain-types";
import type { RelayRoundView } from "../../typechain-types/contracts/views/RelayRoundView";
import { NATIVE } from "../helpers";
import { signWithdraw } from "../support";
import { deploySessions, openSession, play, signBet, type SessionsFixture } from "./support";

/** Alice played a one-click bet and had a withdrawal relayed; Bob did nothing. */
async function roundFixture() {
  const f = await deploySessions();
  const [alice, bob] = f.players;
  const session = await openSession(f, alice);
  await play(f, [await signBet(f, session, { amount: parseEther("10") })]);
  const withdrawal = { player: alice.address, token: NATIVE, amount: parseEther("0.1"), deadline: BigInt(await time.latest()) + 3_600n };
  await f.relay.withdraw(withdrawal, await signWithdraw(f.relay, alice, withdrawal));
  return { ...f, alice, bob };
}

/** The counters in one eth_call at `block`: RelayRoundView's creation (as bindings/casino.ts relayRoundViewCall). */
async function oneCall(f: SessionsFixture, players: string[], block: number): Promise<RelayRoundView.PlayerNowStructOutput[]> {
  const creation = await new RelayRoundView__factory().getDeployTransaction(f.casinoAddress, players);
  const answer = await ethers.provider.call({ data: creation.data, blockTag: block });
  return RelayRoundView__factory.createInterface().decodeFunctionResult("playersNow", answer)[0] as RelayRoundView.PlayerNowStructOutput[];
}

async function separateReads(f: SessionsFixture, player: string, block: number): Promise<bigint[]> {
  const at = { blockTag: block };
  const [relayNonce, commitment] = await Promise.all([f.relay.nonces(player, at), f.casino.commitmentOf(player, at)]);
  return [relayNonce, commitment.nextNonce, commitment.nextToResolve];
}

describe("RelayRoundView: a round's players' counters in one eth_call (issue #40)", function () {
  it("answers exactly what the separate reads answer, player by player in the order asked", async function () {
    const f = await loadFixture(roundFixture);
    const block = await ethers.provider.getBlockNumber();
    const players = [f.bob.address, f.alice.address, Wallet.createRandom().address];
    const answer = await oneCall(f, players, block);
    expect(answer).to.have.length(3);
    for (const [i, player] of players.entries()) expect([...answer[i]!]).to.deep.equal(await separateReads(f, player, block));
    // What Alice is there for: her relayed withdrawal, and her bet that moved her commitment on.
    expect(answer[1]!.relayNonce).to.equal(1n);
    expect(answer[1]!.nextNonce).to.be.greaterThan(answer[0]!.nextNonce);
  });

  it("reads the block it is asked at", async function () {
    const f = await loadFixture(roundFixture);
    const before = await ethers.provider.getBlockNumber();
    const withdrawal = { player: f.alice.address, token: NATIVE, amount: parseEther("0.1"), deadline: BigInt(await time.latest()) + 3_600n };
    await f.relay.withdraw(withdrawal, await signWithdraw(f.relay, f.alice, withdrawal));
    const relayNonceAt = async (block: number) => (await oneCall(f, [f.alice.address], block))[0]!.relayNonce;
    expect((await relayNonceAt(before + 1)) - (await relayNonceAt(before))).to.equal(1n);
  });

  it("answers the 200 players a call of the relay reads (bindings/casino.ts RELAY_ROUND_VIEW_PLAYERS), within EIP-170's size for the answer", async function () {
    const f = await loadFixture(roundFixture);
    const players = Array.from({ length: 200 }, () => Wallet.createRandom().address);
    players[137] = f.alice.address;
    const answer = await oneCall(f, players, await ethers.provider.getBlockNumber());
    expect(answer).to.have.length(200);
    expect(answer[137]!.relayNonce).to.equal(1n);
  });
});
