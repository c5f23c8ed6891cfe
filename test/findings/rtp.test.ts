// Finding R1-11 (round 1, docs/findings.md): setRtp changed nothing (the engine and the server use their own
// constants). Now there is no setter: the RTP is a constant of the contract (DEGEN 102 %, BNB
// 98 %), the same as the engine's, and a bet's reservation is computed with exactly it.
import { expect } from "chai";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { Interface, parseEther } from "ethers";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { deployCasino, GAME, maxPayout, NATIVE, RTP_BPS } from "../helpers";
import { placeBet, postChain } from "./support";

const ROOT = path.join(__dirname, "..", "..");

/** The engine's constants and maxima, computed by the engine itself (ESM, so in a tsx child process). */
function engineAnswers(cases: { game: number; params: string; token: "DEGEN" | "BNB"; stake: string }[]): { rtp: Record<string, string>; maxima: string[] } {
  const script = `
    import { RTP_BPS, maxPayout } from "./engine/src/index.ts";
    const cases = ${JSON.stringify(cases)};
    console.log(JSON.stringify({
      rtp: { DEGEN: String(RTP_BPS.DEGEN), BNB: String(RTP_BPS.BNB) },
      maxima: cases.map((c) => String(maxPayout(c.game, BigInt(c.params), c.token, BigInt(c.stake)))),
    }));`;
  return JSON.parse(execFileSync(path.join(ROOT, "node_modules/.bin/tsx"), ["-e", script], { cwd: ROOT }).toString());
}

describe("Finding R1-11: the RTP is a constant the contract and the engine share; there is no setRtp", function () {
  it("the Casino's ABI has no setRtp (nor any other RTP setter), and the old selector reverts", async function () {
    const { casino, owner, tokenAddress, casinoAddress } = await loadFixture(deployCasino);
    const abi: Interface = casino.interface; // the plain Interface: the typed one refuses unknown names
    expect(abi.getFunction("setRtp")).to.equal(null);
    const rtpFunctions: string[] = [];
    casino.interface.forEachFunction((fn) => {
      if (/rtp/i.test(fn.name)) rtpFunctions.push(fn.format("sighash"));
    });
    expect(rtpFunctions).to.deep.equal(["rtpBps(address)"]);
    const old = new Interface(["function setRtp(address token, uint256 bps)"]);
    await expect(owner.sendTransaction({ to: casinoAddress, data: old.encodeFunctionData("setRtp", [tokenAddress, 9_000]) })).to.be.reverted;
    expect(await casino.rtpBps(tokenAddress)).to.equal(10_200n);
  });

  it("rtpBps(DEGEN) = 10200 and rtpBps(BNB) = 9800, the engine's RTP_BPS", async function () {
    const { casino, tokenAddress } = await loadFixture(deployCasino);
    expect(await casino.rtpBps(tokenAddress)).to.equal(10_200n);
    expect(await casino.rtpBps(NATIVE)).to.equal(9_800n);
    expect(RTP_BPS).to.deep.equal({ DEGEN: 10_200n, BNB: 9_800n });
    expect(engineAnswers([]).rtp).to.deep.equal({ DEGEN: "10200", BNB: "9800" });
  });

  it("a bet's reservation uses exactly those constants, as the engine's maximum payout does (wheel and slots, both tokens)", async function () {
    const f = await loadFixture(deployCasino);
    const { casino, players, tokenAddress } = f;
    const cases = [
      { game: GAME.WHEEL, params: 1n, token: tokenAddress, stake: parseEther("10"), expected: parseEther("102") }, // 10 × 10 × 1.02
      { game: GAME.WHEEL, params: 0b111n, token: tokenAddress, stake: parseEther("30"), expected: parseEther("102") }, // 30 × 10 × 1.02 / 3
      { game: GAME.SLOTS, params: 0n, token: tokenAddress, stake: parseEther("100"), expected: parseEther("76500") }, // 100 × 750 × 1.02
      { game: GAME.WHEEL, params: 1n, token: NATIVE, stake: parseEther("0.01"), expected: parseEther("0.098") }, // 0.01 × 10 × 0.98
      { game: GAME.WHEEL, params: 0b111n, token: NATIVE, stake: parseEther("0.03"), expected: parseEther("0.098") },
      { game: GAME.SLOTS, params: 0n, token: NATIVE, stake: parseEther("0.01"), expected: parseEther("7.35") }, // 0.01 × 750 × 0.98
    ];
    const engine = engineAnswers(
      cases.map((c) => ({ game: c.game, params: String(c.params), token: c.token === NATIVE ? "BNB" : "DEGEN", stake: String(c.stake) })),
    );
    for (const [i, c] of cases.entries()) {
      const player = players[i];
      await postChain(f, player.address, `rtp ${i}`, 1);
      const rtp = await casino.rtpBps(c.token);
      const [, reservedBefore] = await casino.house(c.token);
      const bet = await placeBet(f, player, { token: c.token, amount: c.stake, game: c.game, params: c.params, value: c.token === NATIVE ? c.stake : 0n });
      const reserved = (await casino.house(c.token))[1] - reservedBefore;
      const units = c.game === GAME.SLOTS ? 750n : 10n;
      const colours = BigInt(c.params.toString(2).replace(/0/g, "").length || 1);
      expect(reserved, `case ${i}`).to.equal((c.stake * units * rtp) / (colours * 10_000n));
      expect(reserved, `case ${i}`).to.equal(c.expected);
      expect(reserved, `case ${i}`).to.equal(BigInt(engine.maxima[i]));
      expect(reserved, `case ${i}`).to.equal(maxPayout(c.game, c.params, c.token === NATIVE, c.stake));
      expect((await casino.getBet(bet.betId)).maxPayout).to.equal(reserved);
    }
  });
});
