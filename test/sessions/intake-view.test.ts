// The one-click intake reads what it checks a bet against (the session, its lane, the player's limits,
// the room a bet of the game has, the block's time, the player's code) in one eth_call that creates
// contracts/views/IntakeView.sol and is never deployed. It must answer exactly what the separate
// reads answer, at the same block.
import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, ZeroAddress } from "ethers";
import { IntakeView__factory } from "../../typechain-types";
import type { IntakeView } from "../../typechain-types/contracts/views/IntakeView";
import { GAME, NATIVE } from "../helpers";
import { deploySessions, openSession, play, signBet, type SessionsFixture } from "./support";

/** Alice lost a one-click bet; Bob set a loss limit and a stake cap on DEGEN; a contract wallet of Carol's holds code. */
async function viewFixture() {
  const f = await deploySessions();
  const [alice, bob, carol] = f.players;
  const session = await openSession(f, alice);
  await play(f, [await signBet(f, session, { amount: parseEther("100"), wanted: async (pay) => (await pay()) === 0n })]);
  await f.limits.connect(bob).setLimits(f.tokenAddress, [parseEther("500"), 0n, 0n], parseEther("50"));
  const wallet = await (await ethers.getContractFactory("MockContractWallet")).deploy(carol.address);
  return { ...f, alice, bob, session, wallet: await wallet.getAddress() };
}

interface Asked {
  player: string;
  token: string;
  key: string;
  game: number;
  params: bigint;
}

/** The view in one eth_call at `block`: IntakeView's creation, which the node runs and throws away (as bindings/casino.ts intakeViewCall). */
async function oneCall(f: SessionsFixture, asked: Asked, block: number): Promise<IntakeView.PlayerViewStructOutput> {
  const creation = await new IntakeView__factory().getDeployTransaction(f.casinoAddress, asked.player, asked.token, asked.key, asked.game, asked.params);
  const answer = await ethers.provider.call({ data: creation.data, blockTag: block });
  return IntakeView__factory.createInterface().decodeFunctionResult("viewOf", answer)[0] as IntakeView.PlayerViewStructOutput;
}

/** A decoded answer's values, in nested arrays: ethers' Result, and the tuples it holds, are arrays. */
const valuesOf = (answer: unknown): unknown => (Array.isArray(answer) ? [...answer].map(valuesOf) : answer);

/** The same view, read one request per contract read, and the code and the block. */
async function separateReads(f: SessionsFixture, { player, token, key, game, params }: Asked, block: number) {
  const at = { blockTag: block };
  const [code, session, limits, roomMaxBet, header] = await Promise.all([
    ethers.provider.getCode(player, block),
    f.sessions.sessionOf(player, key, at),
    f.limits.limitsOf(player, token, at),
    f.casino.maxBet(token, game, params, player, at),
    ethers.provider.getBlock(block),
  ]);
  const lane = await f.casino.laneOf(player, session.lane, at);
  return [BigInt((code.length - 2) / 2), ...session, ...lane, limits, roomMaxBet, BigInt(header!.timestamp)].map(valuesOf);
}

describe("IntakeView: a player's one-click view in one eth_call", function () {
  it("answers exactly what the separate reads answer, for a player with a session, one with limits and a contract wallet", async function () {
    const f = await loadFixture(viewFixture);
    const block = await ethers.provider.getBlockNumber();
    const cases: Asked[] = [
      { player: f.alice.address, token: f.tokenAddress, key: f.session.key.address, game: GAME.WHEEL, params: 1n },
      { player: f.alice.address, token: NATIVE, key: f.session.key.address, game: GAME.DICE, params: 1n },
      { player: f.bob.address, token: f.tokenAddress, key: ZeroAddress, game: GAME.BLACKJACK, params: 0n },
      { player: f.wallet, token: f.tokenAddress, key: ZeroAddress, game: GAME.SLOTS, params: 0n },
    ];
    for (const asked of cases) expect(valuesOf(await oneCall(f, asked, block))).to.deep.equal(await separateReads(f, asked, block));
    // What the cases are there for: Alice's lane after a loss, Bob's limits, Carol's code, each game's room.
    const alice = await oneCall(f, cases[0], block);
    expect([alice.lane, alice.laneFunds[0], alice.laneNext, alice.codeSize]).to.deep.equal([1n, parseEther("4900"), (1n << 32n) | 1n, 0n]);
    expect(alice.roomMaxBet).to.equal(await f.casino.maxBet(f.tokenAddress, GAME.WHEEL, 1n, f.alice.address));
    expect((await oneCall(f, cases[1], block)).roomMaxBet, "a 10,200x dice bet's room is far below the wheel's").to.be.lessThan(alice.roomMaxBet / 100n);
    const bob = await oneCall(f, cases[2], block);
    expect([bob.limits.lossLimit[0], bob.limits.betCap]).to.deep.equal([parseEther("500"), parseEther("50")]);
    expect((await oneCall(f, cases[3], block)).codeSize).to.be.greaterThan(0n);
  });

  it("reads the block it is asked at, and that block's time", async function () {
    const f = await loadFixture(viewFixture);
    const asked = { player: f.alice.address, token: f.tokenAddress, key: f.session.key.address, game: GAME.WHEEL, params: 1n };
    const before = await ethers.provider.getBlockNumber();
    await play(f, [await signBet(f, f.session, { amount: parseEther("7"), wanted: async (pay) => (await pay()) === 0n })]);
    const [then, now] = [await oneCall(f, asked, before), await oneCall(f, asked, before + 1)];
    expect(then.laneFunds[0] - now.laneFunds[0]).to.equal(parseEther("7"));
    expect(now.blockTimestamp).to.equal(BigInt((await ethers.provider.getBlock(before + 1))!.timestamp));
  });
});
