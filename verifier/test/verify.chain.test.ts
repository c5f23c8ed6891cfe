import { writeFileSync } from "node:fs";
import path from "node:path";
import { parseEther } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BET_ACCEPTANCE_WINDOW_SECONDS, GameType, canSplit, isInteractive, settleGame, startBlackjack, type Token } from "../../engine/src/index";
import { tempDir } from "../../server/test/support/app";
import { freePort, type TestChain } from "../../server/test/support/chain";
import { freshChain } from "../../server/test/support/fresh-chain";
import { serveHistory, servedHistory } from "../bench/log-server";
import { verifyChain, type Verification } from "../src/run";
import { runVerifyCli } from "./support/cli";
import { CASINO, CHAIN_ID, DEGEN, History } from "./support/history";
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
  // Dice (issue #41): roll under 50.00, and roll over 90.00.
  { gameType: GameType.DICE, params: 5_000n },
  { gameType: GameType.DICE, params: (1n << 14n) | 9_000n },
  // Plinko (issue #41): 16 rows at high risk, and 8 rows at low risk.
  { gameType: GameType.PLINKO, params: 0x210n },
  { gameType: GameType.PLINKO, params: 0x008n },
  // Mines (issue #41): 3 and 12 mines, played by the test players' rule (support/house.ts playedActions).
  { gameType: GameType.MINES, params: 3n },
  { gameType: GameType.MINES, params: 12n },
];
/** Blackjack, manual crash and mines: settled with a signed log. */
const INTERACTIVE_GAMES = GAMES.filter(({ gameType, params }) => isInteractive(gameType, params)).length;
const STAKE: Record<Token, bigint> = { DEGEN: parseEther("10"), BNB: parseEther("0.01") };
const SETTLE_WINDOW_S = 3600;
/** Beyond the 8191 blocks EIP-2935 keeps (Hardhat runs Osaka): the bet's block hash is gone. */
const PAST_HISTORY = "0x" + (8_500).toString(16);

describe("npm run verify against a hardhat node", () => {
  let temp: ReturnType<typeof tempDir>;
  let chain: TestChain;
  let house: TestHouse;
  const args = () => ["--rpc", chain.rpcUrl, "--deployment", chain.deploymentFile];
  const verify = (extra: Partial<Parameters<typeof verifyChain>[0]> = {}) =>
    verifyChain({ rpc: chain.rpcUrl, deployment: chain.deploymentFile, chunk: 5000, concurrency: 4, ...extra });
  const betOf = (verification: Verification, bet: PlacedBet) => verification.result.bets.find((result) => result.betId === bet.betId)!;

  beforeAll(async () => {
    temp = tempDir();
    chain = await freshChain(temp.dir);
    house = await TestHouse.open(chain);
    for (const player of chain.players) await house.commit(player.address);
  });

  afterAll(async () => {
    await chain?.stop();
    temp?.dispose();
  });

  it("verifies an honest house: every game in both tokens, a split, a jackpot hit, an expired claim, void (a hit) and locked draws, a new commitment; every payout computed on chain; exit 0", async () => {
    const [a, b, c, d, e, f] = chain.players;
    const specs: BetSpec[] = chain.players.flatMap((player) =>
      (["DEGEN", "BNB"] as const).flatMap((token) => GAMES.map((game) => ({ player, token, amount: STAKE[token], ...game }))),
    );
    // Blackjack and manual crash settled with the log the player's wallet-named key signed.
    await house.settleHonestly(await house.place(specs));

    // A split hand: a deal that can split, the second stake added on chain, both hands played.
    const splittable = await house.clientSeedFor(a!.address, (word) => canSplit(startBlackjack(word, 1n, "DEGEN")));
    const [split] = await house.place([{ player: a!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.BLACKJACK, clientSeed: splittable }]);
    await house.addStake(split!, a!);
    await house.settleHonestly([split!]);

    // A certain jackpot: edge 2 %, a prize of 0.01 % of the pool (100 DEGEN), a stake of 5,000 DEGEN.
    await house.asOwner(chain.casino.interface.encodeFunctionData("setJackpotTerms", [200, 1]));
    const [jackpot] = await house.place([{ player: b!, token: "DEGEN", amount: parseEther("5000"), gameType: GameType.KICKBOXING, params: 0n }]);
    await house.settleHonestly([jackpot!]);
    // The terms change at most once an acceptance window (HouseAdmin: the bets accepted under the replaced ones still land).
    await house.advanceTime(BET_ACCEPTANCE_WINDOW_SECONDS + 1);
    await house.asOwner(chain.casino.interface.encodeFunctionData("setJackpotTerms", [50, 500]));

    // Expired: the player claims, and the next settlement's seed hashes twice to the commitment, past the claimed bet's link.
    const [expired] = await house.place([{ player: c!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.WHEEL, params: 1n }]);
    await house.advanceTime(SETTLE_WINDOW_S + 1);
    await house.sendAll([{ from: c!, to: house.casino, data: chain.casino.interface.encodeFunctionData("claimExpired", [expired!.betId]) }], 300_000n);
    const [afterClaim] = await house.place([{ player: c!, token: "BNB", amount: STAKE.BNB, gameType: GameType.SLOTS }]);
    await house.settleHonestly([afterClaim!]);

    // A locked draw draws from the locked hash. A draw whose block hash nothing locked nor recorded
    // (no transaction of the Casino's between its bet and the end of the hash's window: the lock,
    // which records the noted blocks, comes before it) is void: no win, its fair value funded by
    // the bankroll.
    const [locked] = await house.place([{ player: e!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.WHEEL, params: 0b11n }]);
    await house.sendAll([{ from: f!, to: house.casino, data: chain.casino.interface.encodeFunctionData("lockJackpotEntropy", [[locked!.betId]]) }], 200_000n);
    const [voided] = await house.place([{ player: d!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.SLOTS }]);
    await chain.provider.send("hardhat_mine", [PAST_HISTORY]);
    await house.settleHonestly([voided!, locked!]);

    // A new chain once the player has no open bet and has given up the old one (a chain with links
    // left is never replaced); the next bet, a manual crash round nobody acted in, is settled with
    // its first link and no action (Casino.settle: no cash-out).
    await house.sendAll([{ from: f!, to: house.casino, data: chain.casino.interface.encodeFunctionData("abandonCommitment") }], 100_000n);
    await house.commit(f!.address);
    const [newChain] = await house.place([{ player: f!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.CRASH, params: 0n }]);
    await house.settleHonestly([newChain!], { stood: true });
    // Still open: counted, not yet due.
    await house.place([{ player: e!, token: "BNB", amount: STAKE.BNB, gameType: GameType.WHEEL, params: 1n }]);

    const verification = await verify();
    const { result, summary, overdue } = verification;
    expect(result.problems).toEqual([]);
    expect(summary).toMatchObject({ settled: specs.length + 6, expired: 1, open: 1, overdue: 0, outsideRange: 0, players: 6, commitments: 7 });
    // One link a bet: every seed hashes once to the commitment, the one after the claim twice.
    expect(summary.links).toBe(specs.length + 7);
    expect(overdue).toEqual([]);
    expect(summary.enforcement).toEqual({ "computed on chain": specs.length + 6, "the maximum, claimed back": 1 });
    expect(summary.placements).toEqual({ wallet: specs.length + 7 });
    expect(summary.checks.word).toEqual({ exact: specs.length + 6, "n/a": 1 });
    // Every payout exact: blackjack, mines and manual crash from the logs their settlements carry.
    expect(summary.checks.payout).toEqual({ exact: specs.length + 7 });
    // Each signed log (every interactive game a player and token, and the split) checked; the new chain's round had none.
    const signed = INTERACTIVE_GAMES * 2 * 6 + 1;
    expect(summary.checks.signed).toEqual({ exact: signed, "n/a": specs.length + 7 - signed });
    expect(summary.checks.jackpot).toEqual({ "n/a": GAMES.length * 6 + 1, exact: summary.checks.jackpot.exact });
    expect(betOf(verification, split!)).toMatchObject({ split: true, stake: 2n * STAKE.DEGEN, actions: { log: expect.stringMatching(/^P/) } });
    expect(betOf(verification, newChain!)).toMatchObject({ actions: { log: null, signedBy: null }, checks: { payout: "exact", signed: "n/a" } });
    expect(betOf(verification, jackpot!).jackpot).toMatchObject({ hit: true, won: parseEther("100") });
    expect(betOf(verification, expired!)).toMatchObject({
      resolution: "expired",
      enforcement: "the maximum, claimed back",
      checks: { payout: "exact", word: "n/a" },
    });
    expect(BigInt(betOf(verification, voided!).jackpot!.entropy)).toBe(0n);
    const voidDraw = betOf(verification, voided!).jackpot!;
    expect(voidDraw).toMatchObject({ hit: false, prize: 0n, won: 0n });
    expect(voidDraw.fundedByHouse).toBeGreaterThan(0n);
    // The bankroll paid that fair value into the pool: the Casino's own JackpotFunded, its only one.
    const funded = await chain.casino.queryFilter(chain.casino.filters.JackpotFunded(house.casino));
    expect(funded.map((event) => event.args.amount)).toEqual([voidDraw.fundedByHouse]);
    expect(betOf(verification, voided!).checks.jackpot).toBe("exact");
    expect(betOf(verification, locked!).jackpot!.entropy).not.toBe("0x" + "0".repeat(64));
    expect(betOf(verification, locked!).checks.jackpot).toBe("exact");

    const cli = await runVerifyCli(args());
    expect(cli.stderr).toBe("");
    expect(cli.code).toBe(0);
    expect(cli.stdout).toMatch(/mismatches\s+none/);
    expect(cli.stdout).toContain(`${specs.length + 6} settled, 1 claimed as expired, 1 open (0 past their settle window)`);
    expect(cli.stdout).toMatch(/enforcement\s+\d+ computed on chain, 1 the maximum, claimed back/);
    expect(cli.stdout).toMatch(/speed\s+\d+ bets in [\d.]+ s: \d+ bets\/s/);
  });

  it("cannot be paid wrong: the Casino refuses any payout but the rules' on settle, so the verifier shows none; it lists a withheld settlement", async () => {
    const [a, b, , d, e] = chain.players;
    const losing = await house.clientSeedFor(
      a!.address,
      (word) => settleGame({ gameType: GameType.WHEEL, token: "DEGEN", stake: STAKE.DEGEN, params: 1n, word }).payout === 0n,
    );
    const [wheel] = await house.place([{ player: a!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.WHEEL, params: 1n, clientSeed: losing }]);
    const [blackjack] = await house.place([{ player: b!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.BLACKJACK }]);
    const [withheld] = await house.place([{ player: d!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.SLOTS }]);
    // Within the reservation (10.2x and 2.5x), which was all the Casino checked before issue #21:
    // settleBatch pays neither, skipping each (SettlementSkipped with PayoutMismatch), and both stay open.
    await house.settle([{ bet: wheel!, payout: 5n * STAKE.DEGEN }]);
    await house.settle([{ bet: blackjack!, payout: house.payoutOf(blackjack!) + 1n }]);
    const mismatch = chain.casino.interface.getError("PayoutMismatch")!.selector;
    for (const bet of [wheel!, blackjack!]) {
      const skipped = await chain.casino.queryFilter(chain.casino.filters.SettlementSkipped(bet.betId));
      expect(skipped.map((log) => log.args.reason)).toEqual([mismatch]);
      expect((await chain.casino.getBet(bet.betId)).open).toBe(true);
    }
    await house.settleHonestly([wheel!, blackjack!], { stood: true });
    await house.advanceTime(SETTLE_WINDOW_S + 1);

    const { result, overdue } = await verify();
    expect(result.problems).toEqual([]);
    expect(result.bets.every((bet) => bet.enforcement === "computed on chain" || bet.resolution === "expired")).toBe(true);
    // The open bet left from the first test and the one withheld here are both past their window.
    expect(overdue.map((bet) => bet.player).sort()).toEqual([e!.address, withheld!.player].sort());

    const cli = await runVerifyCli(args());
    expect(cli.code).toBe(0);
    expect(cli.stdout).toContain("Open past their settle window");
    // One player's view shows that player's bets only.
    const mine = await verify({ player: b!.address });
    expect(mine.result.bets.length).toBeGreaterThan(0);
    expect(mine.result.bets.every((bet) => bet.player === b!.address)).toBe(true);
  });

  it("passes every one-click bet: sessions opened on lanes of their own, bets played and settled at once, tickets drawn, a hand placed from a signed bet and settled with the session key's log; a revoked session's lane closed", async () => {
    const [, , c, , , f] = chain.players;
    await house.openSession(c!);
    await house.openSession(f!);
    const oneClick = await house.play(
      [c!, f!].flatMap((player) =>
        (["DEGEN", "BNB"] as const).flatMap((token) =>
          GAMES.filter(({ gameType, params }) => !isInteractive(gameType, params)).map((game) => ({
            player,
            token,
            amount: STAKE[token],
            ...game,
          })),
        ),
      ),
    );
    const hand = await house.placeSigned({ player: c!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.BLACKJACK });
    const round = await house.placeSigned({ player: f!, token: "BNB", amount: STAKE.BNB, gameType: GameType.CRASH, params: 0n });
    await house.settleHonestly([hand, round]);
    // f revokes the session; once it has ended (ACCEPTANCE_WINDOW later) anyone closes it and its lane's funds go back to the vault.
    const revoked = await house.revokeSession(f!);
    const [fromWallet] = await house.place([{ player: f!, token: "DEGEN", amount: STAKE.DEGEN, gameType: GameType.SLOTS }]);
    await house.settleHonestly([fromWallet!]);
    await house.advanceTime(BET_ACCEPTANCE_WINDOW_SECONDS + 1);
    await house.closeSession(f!.address, revoked);

    const verification = await verify({ player: f!.address });
    expect(verification.result.problems).toEqual([]);
    const all = await verify();
    expect(all.result.problems).toEqual([]);
    expect(all.summary).toMatchObject({ sessionKeys: 2, revokedKeys: 1, lanesClosed: 1 });
    for (const bet of oneClick) {
      expect(betOf(all, bet)).toMatchObject({
        enforcement: "computed on chain",
        placement: { via: "session", call: "play" },
        checks: { word: "exact", chain: "exact", payout: "exact", signed: "exact", jackpot: bet.token === "DEGEN" ? "exact" : "n/a" },
      });
    }
    expect(betOf(all, hand)).toMatchObject({ placement: { via: "session", call: "place" }, checks: { payout: "exact", signed: "exact" } });
    expect(betOf(all, hand).actions!.signedBy).toBe(betOf(all, hand).placement.via === "session" && (betOf(all, hand).placement as { key: string }).key);
    expect(betOf(all, round)).toMatchObject({ placement: { via: "session", call: "place" }, checks: { payout: "exact", signed: "exact" } });
    expect(betOf(all, fromWallet!)).toMatchObject({ placement: { via: "wallet" }, checks: { signed: "n/a" } });
    // Each session its own lane and chain: its bet n at link n + 1; the wallet bet on the wallet's chain (lane 0).
    const perLane = oneClick.length / 2;
    for (const [i, bet] of oneClick.entries()) expect(betOf(all, bet).link).toEqual({ lane: 1, position: (i % perLane) + 1 });
    expect(betOf(all, round).link).toEqual({ lane: 1, position: perLane + 1 });
    expect(betOf(all, fromWallet!).link).toMatchObject({ lane: 0 });
    // The lane gave back its budget less its stakes, plus its payouts: the verifier followed it to the wei.
    const [closed] = await chain.casino.queryFilter(chain.casino.filters.LaneClosed(f!.address));
    const lost = [...oneClick.filter((bet) => bet.player === f!.address), round]
      .map((bet) => betOf(all, bet))
      .reduce((sum, bet) => ({ DEGEN: sum.DEGEN, BNB: sum.BNB, [bet.token]: sum[bet.token as Token] + bet.stake - bet.payout! }), { DEGEN: 0n, BNB: 0n });
    expect([closed!.args.degen, closed!.args.native]).toEqual([parseEther("100000") - lost.DEGEN, parseEther("100") - lost.BNB]);

    const cli = await runVerifyCli([...args(), "--player", c!.address, "--json"]);
    expect(cli.code).toBe(0);
    const report = JSON.parse(cli.stdout) as { bets: { betId: string; enforcement: string; placement: { via: string }; checks: { signed: string } }[] };
    expect(report.bets.find((bet) => bet.betId === oneClick[0]!.betId.toString())).toMatchObject({
      enforcement: "computed on chain",
      placement: { via: "session" },
      checks: { signed: "exact" },
    });
  });

  it("reports, with exit 1, a relayed bet whose signed fields differ from what settled (a history no real Casino emits, served by a node of its own)", async () => {
    const history = new History();
    const [alice] = [History.player(0)];
    history.commit(alice!, 8);
    history.openSession(alice!);
    history.play([{ player: alice!, gameType: GameType.SLOTS }]);
    history.play([{ player: alice!, gameType: GameType.WHEEL, params: 1n, signedAs: { amount: parseEther("1") } }]);
    const node = await serveHistory(servedHistory(history, 100));
    try {
      const deployment = path.join(temp.dir, "tampered.json");
      writeFileSync(deployment, JSON.stringify({ chainId: Number(CHAIN_ID), deploymentBlock: 0, contracts: { Casino: CASINO, DegenToken: DEGEN } }));
      const cli = await runVerifyCli(["--rpc", node.url, "--deployment", deployment, "--json"]);
      expect(cli.code).toBe(1);
      const report = JSON.parse(cli.stdout) as { problems: { kind: string; message: string }[]; bets: { checks: { signed: string } }[] };
      expect(report.problems).toEqual([
        expect.objectContaining({ kind: "signature", message: "BetPlaced published amount 10000000000000000000, the session key signed 1000000000000000000" }),
      ]);
      expect(report.bets.map((bet) => bet.checks.signed)).toEqual(["exact", "mismatch"]);
      const text = await runVerifyCli(["--rpc", node.url, "--deployment", deployment]);
      expect(text.code).toBe(1);
      expect(text.stdout).toMatch(/✗ \[signature\] block \d+, bet #1:1 of 0x[0-9a-fA-F]{40}: BetPlaced published amount/);
    } finally {
      await node.close();
    }
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
    const notCasino = await runVerifyCli(["--rpc", chain.rpcUrl, "--casino", await chain.token.getAddress(), "--token", await chain.token.getAddress()]);
    expect(notCasino.code).toBe(2);
    expect(notCasino.stderr).toContain("has no sessions(): not a Casino of this version");
    const unreachable = await runVerifyCli(["--rpc", `http://127.0.0.1:${await freePort()}`, "--deployment", chain.deploymentFile]);
    expect(unreachable.code).toBe(2);
    expect(unreachable.stderr).toMatch(/the RPC node failed: .*cannot be reached/);
  });
});
