import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseEther } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameType, canSplit, crashRound, settleGame, startBlackjack, type Token } from "../../engine/src/index";
import { tempDir } from "../../server/test/support/app";
import { freePort, startChain, type TestChain } from "../../server/test/support/chain";
import { verifyChain, type Verification } from "../src/run";
import { runVerifyCli } from "./support/cli";
import { TestHouse, type BetSpec, type PlacedBet } from "./support/house";

const GAMES: { gameType: GameType; params: bigint }[] = [
  { gameType: GameType.WHEEL, params: 0b1n },
  { gameType: GameType.WHEEL, params: 0b1111n },
  { gameType: GameType.SLOTS, params: 0n },
  { gameType: GameType.BLACKJACK, params: 0n },
  { gameType: GameType.KICKBOXING, params: 0n },
  { gameType: GameType.KICKBOXING, params: 1n },
  { gameType: GameType.KICKBOXING, params: 2n },
  { gameType: GameType.CRASH, params: 0n },
  { gameType: GameType.CRASH, params: 200n },
];
const STAKE: Record<Token, bigint> = { DEGEN: parseEther("10"), BNB: parseEther("0.01") };
const SETTLE_WINDOW_S = 3600;
/** Beyond the 8191 blocks EIP-2935 keeps (Hardhat runs Osaka): the bet's block hash is gone. */
const PAST_HISTORY = "0x" + (8_500).toString(16);

describe("npm run verify against a hardhat node", () => {
  let temp: ReturnType<typeof tempDir>;
  let chain: TestChain;
  let house: TestHouse;
  let honestEnd: number;
  const args = () => ["--rpc", chain.rpcUrl, "--deployment", chain.deploymentFile];
  const verify = (extra: Partial<Parameters<typeof verifyChain>[0]> = {}) =>
    verifyChain({ rpc: chain.rpcUrl, deployment: chain.deploymentFile, chunk: 5000, concurrency: 4, ...extra });
  const betOf = (verification: Verification, bet: PlacedBet) => verification.result.bets.find((result) => result.betId === bet.betId)!;

  beforeAll(async () => {
    temp = tempDir();
    chain = await startChain(temp.dir);
    house = await TestHouse.open(chain);
    for (const player of chain.players) await house.commit(player.address);
  });

  afterAll(async () => {
    await chain?.stop();
    temp?.dispose();
  });

  it("verifies an honest house: every game in both tokens, a split, a jackpot hit, an expired claim, void (a hit) and locked draws, a new commitment; exit 0", async () => {
    const [a, b, c, d, e, f] = chain.players;
    const specs: BetSpec[] = chain.players.flatMap((player) =>
      (["DEGEN", "BNB"] as const).flatMap((token) => GAMES.map((game) => ({ player, token, amount: STAKE[token], ...game }))),
    );
    await house.settleHonestly(await house.place(specs));

    // A split hand: a deal that can split, the second stake added on chain, both hands played.
    const splittable = await house.clientSeedFor(a!.address, (word) => canSplit(startBlackjack(word, 1n)));
    const [split] = await house.place([{ player: a!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.BLACKJACK, clientSeed: splittable }]);
    await house.addStake(split!, a!);
    await house.settleHonestly([split!]);

    // A certain jackpot: edge 2 %, a prize of 0.01 % of the pool (100 DEGEN), a stake of 5,000 DEGEN.
    await house.asOwner(chain.casino.interface.encodeFunctionData("setJackpotTerms", [200, 1]));
    const [jackpot] = await house.place([{ player: b!, token: "DEGEN", amount: parseEther("5000"), gameType: GameType.KICKBOXING, params: 0n }]);
    await house.settleHonestly([jackpot!]);
    await house.asOwner(chain.casino.interface.encodeFunctionData("setJackpotTerms", [50, 500]));

    // Expired: the player claims, and the next settlement's seed hashes twice to the commitment.
    const [expired] = await house.place([{ player: c!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.WHEEL, params: 1n }]);
    await house.advanceTime(SETTLE_WINDOW_S + 1);
    await house.sendAll([{ from: c!, to: house.casino, data: chain.casino.interface.encodeFunctionData("claimExpired", [expired!.betId]) }], 300_000n);
    const [afterClaim] = await house.place([{ player: c!, token: "BNB", amount: STAKE.BNB, gameType: GameType.SLOTS }]);
    await house.settleHonestly([afterClaim!]);

    // A draw whose block hash was never locked is void, and a hit; a locked one draws from the locked hash.
    const [voided, locked] = await house.place([
      { player: d!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.SLOTS },
      { player: e!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.WHEEL, params: 0b11n },
    ]);
    await house.sendAll([{ from: f!, to: house.casino, data: chain.casino.interface.encodeFunctionData("lockJackpotEntropy", [[locked!.betId]]) }], 200_000n);
    await chain.provider.send("hardhat_mine", [PAST_HISTORY]);
    await house.settleHonestly([voided!, locked!]);

    // A new chain once the player has no open bet and has given up the old one (a chain with links
    // left is never replaced); the next bet is settled with its first link.
    await house.sendAll([{ from: f!, to: house.casino, data: chain.casino.interface.encodeFunctionData("abandonCommitment") }], 100_000n);
    await house.commit(f!.address);
    const [newChain] = await house.place([{ player: f!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.CRASH, params: 0n }]);
    await house.settleHonestly([newChain!]);
    // Still open: counted, not yet due.
    await house.place([{ player: e!, token: "BNB", amount: STAKE.BNB, gameType: GameType.WHEEL, params: 1n }]);
    honestEnd = await chain.provider.getBlockNumber();

    const verification = await verify();
    const { result, summary, overdue } = verification;
    expect(result.problems).toEqual([]);
    expect(summary).toMatchObject({ settled: specs.length + 6, expired: 1, open: 1, overdue: 0, outsideRange: 0, players: 6, commitments: 7 });
    // Every settlement checks one link, the one after the claim two.
    expect(summary.links).toBe(specs.length + 7);
    expect(overdue).toEqual([]);
    expect(summary.checks.word).toEqual({ exact: specs.length + 6, "n/a": 1 });
    // Blackjack and manual crash (2 per player and token, plus the split and the new chain's round) are bounds.
    expect(summary.checks.payout).toEqual({ exact: specs.length + 6 + 1 - (4 * 6 + 2), allowed: 4 * 6 + 2 });
    expect(summary.checks.jackpot).toEqual({ "n/a": GAMES.length * 6 + 1, exact: summary.checks.jackpot.exact });
    expect(betOf(verification, split!)).toMatchObject({ split: true, stake: 2n * STAKE.DEGEN });
    expect(betOf(verification, jackpot!).jackpot).toMatchObject({ hit: true, won: parseEther("100") });
    expect(betOf(verification, expired!)).toMatchObject({ resolution: "expired", checks: { payout: "exact", word: "n/a" } });
    expect(BigInt(betOf(verification, voided!).jackpot!.entropy)).toBe(0n);
    expect(betOf(verification, voided!).jackpot).toMatchObject({ hit: true });
    expect(betOf(verification, voided!).checks.jackpot).toBe("exact");
    expect(betOf(verification, locked!).jackpot!.entropy).not.toBe("0x" + "0".repeat(64));
    expect(betOf(verification, locked!).checks.jackpot).toBe("exact");

    const cli = await runVerifyCli(args());
    expect(cli.stderr).toBe("");
    expect(cli.code).toBe(0);
    expect(cli.stdout).toMatch(/mismatches\s+none/);
    expect(cli.stdout).toContain(`${specs.length + 6} settled, 1 claimed as expired, 1 open (0 past their settle window)`);
    expect(cli.stdout).toMatch(/speed\s+\d+ bets in [\d.]+ s: \d+ bets\/s/);
  });

  it("reports a wrong payout and a payout no blackjack play gives, per bet, with exit 1; lists a withheld settlement", async () => {
    const [a, b, , d, e] = chain.players;
    const losing = await house.clientSeedFor(
      a!.address,
      (word) => settleGame({ gameType: GameType.WHEEL, token: "DEGEN", stake: STAKE.DEGEN, params: 1n, word }).payout === 0n,
    );
    const [wheel] = await house.place([{ player: a!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.WHEEL, params: 1n, clientSeed: losing }]);
    const [blackjack] = await house.place([{ player: b!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.BLACKJACK }]);
    const [withheld] = await house.place([{ player: d!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.SLOTS }]);
    // Both within the reservation (10.2x and 2.5x), so the contract takes them.
    await house.settle([
      { bet: wheel!, payout: 5n * STAKE.DEGEN },
      { bet: blackjack!, payout: (3n * STAKE.DEGEN) / 2n },
    ]);
    await house.advanceTime(SETTLE_WINDOW_S + 1);

    const { result, overdue, summary } = await verify();
    expect(result.problems.map((problem) => [problem.kind, problem.betId])).toEqual([
      ["payout", wheel!.betId],
      ["payout", blackjack!.betId],
    ]);
    expect(result.problems[0]!.message).toBe("payout 50 DEGEN differs from the rules' 0 DEGEN");
    expect(result.problems[1]!.message).toMatch(/^payout 15 DEGEN is none of the payouts this hand can end with, whatever the player did \([\d., ]+ DEGEN\)$/);
    expect(summary.mismatches).toEqual({ payout: 2 });
    // The open bet left from the first test and the one withheld here are both past their window.
    expect(overdue.map((bet) => bet.player).sort()).toEqual([e!.address, withheld!.player].sort());

    const cli = await runVerifyCli(args());
    expect(cli.code).toBe(1);
    expect(cli.stdout).toContain(
      `✗ [payout] block ${(await chain.casino.queryFilter(chain.casino.filters.BetSettled(wheel!.betId)))[0]!.blockNumber}, bet #${wheel!.nonce} of ${a!.address}`,
    );
    expect(cli.stdout).toMatch(/mismatches\s+2 payout \(2 bets\)/);
    expect(cli.stdout).toContain("Open past their settle window");

    // The honest history alone still verifies; one player's view shows that player's fault only.
    expect((await runVerifyCli([...args(), "--to-block", String(honestEnd)])).code).toBe(0);
    const mine = await verify({ player: b!.address });
    expect(mine.result.problems.map((problem) => problem.betId)).toEqual([blackjack!.betId]);
    expect(mine.result.bets.every((bet) => bet.player === b!.address)).toBe(true);
  });

  it("bounds a manual crash payout from chain data, and replays it exactly from a published action log (--actions)", async () => {
    const [, , c] = chain.players;
    const flies = await house.clientSeedFor(c!.address, (word) => crashRound(word, "DEGEN").crashPoint >= 150);
    const [round] = await house.place([{ player: c!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.CRASH, params: 0n, clientSeed: flies }]);
    // The player cashed out at 1.50x, the house paid as if the rocket crashed first.
    await house.settle([{ bet: round!, payout: 0n }]);

    const chainOnly = await verify({ player: c!.address });
    expect(chainOnly.result.problems).toEqual([]);
    expect(betOf(chainOnly, round!).checks.payout).toBe("allowed");

    const file = path.join(temp.dir, "actions.json");
    writeFileSync(file, JSON.stringify({ bets: [{ betId: round!.betId.toString(), status: "settled", actions: 150 }] }));
    const cli = await runVerifyCli([...args(), "--player", c!.address, "--actions", file, "--json"]);
    expect(cli.code).toBe(1);
    const report = JSON.parse(cli.stdout) as { problems: { kind: string; betId: string; message: string }[] };
    expect(report.problems).toEqual([
      expect.objectContaining({
        kind: "payout",
        betId: round!.betId.toString(),
        message: "payout 0 DEGEN differs from the rules' 15 DEGEN for the published action log",
      }),
    ]);
  });

  it("exits 2 with a clear message on a usage or connection error", async () => {
    const missing = await runVerifyCli(["--deployment", chain.deploymentFile]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("--rpc URL is required");
    const wrongChain = path.join(temp.dir, "other-chain.json");
    writeFileSync(wrongChain, JSON.stringify({ chainId: 97, contracts: { Casino: await chain.casino.getAddress() } }));
    const mismatch = await runVerifyCli(["--rpc", chain.rpcUrl, "--deployment", wrongChain]);
    expect(mismatch.code).toBe(2);
    expect(mismatch.stderr).toContain("is for chain 97, the RPC serves chain 31337");
    const noContract = await runVerifyCli(["--rpc", chain.rpcUrl, "--casino", "0x" + "12".repeat(20)]);
    expect(noContract.code).toBe(2);
    expect(noContract.stderr).toContain("there is no contract at");
    const unreachable = await runVerifyCli(["--rpc", `http://127.0.0.1:${await freePort()}`, "--deployment", chain.deploymentFile]);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(/the RPC node failed: .*cannot be reached/);
  });
});
