// A split staked on chain (Casino.addStake) may come on a deal that allows none, or without the
// log's split. GameRules.splitStakedPayout must pay exactly what the engine's
// settleSplitStakedBlackjack pays: the split played on a pair when the log starts with it, void
// (second stake paid back, the hand played as dealt) otherwise, and a revert where the engine
// throws. Words are chosen by the engine so that every kind of deal is covered.
import { expect } from "chai";
import hre from "hardhat";
import { deployRules, engineEval, runCases, underCoverage, type Deployed } from "./support";
import { GAME, hangDetector } from "../helpers";

const PER_KIND = underCoverage(hre) ? 3 : 25;
const LOGS = ["", "P", "S", "PS", "H", "PH", "HS", "PHH", "PP", "PSS", "PHSH"];

interface SplitCase {
  kind: string;
  token: "DEGEN" | "BNB";
  word: string;
  log: string;
  payout: string | null;
  splitVoid: boolean | null;
}

/** The engine's answer for every log on PER_KIND words of each kind of deal, in both tokens. */
function engineSplitCases(): SplitCase[] {
  return engineEval<SplitCase[]>(`
    import { keccak256, toUtf8Bytes } from "ethers";
    import { decodeBlackjackActions, isNatural, rankValue, settleSplitStakedBlackjack, startBlackjack } from "./engine/src/index.ts";
    const kinds = { pair: [], "no pair": [], "pair, dealer natural": [], "player natural": [] };
    for (let i = 0; Object.values(kinds).some((words) => words.length < ${PER_KIND}); i++) {
      const word = keccak256(toUtf8Bytes("split " + i));
      const { playerHand, dealerHand } = startBlackjack(word, 1n, "DEGEN");
      const pair = rankValue(playerHand[0]) === rankValue(playerHand[1]);
      const kind = isNatural(playerHand) ? "player natural" : isNatural(dealerHand) ? (pair ? "pair, dealer natural" : null) : pair ? "pair" : "no pair";
      if (kind && kinds[kind].length < ${PER_KIND}) kinds[kind].push(word);
    }
    const cases = [];
    for (const [kind, words] of Object.entries(kinds))
      for (const word of words)
        for (const log of ${JSON.stringify(LOGS)})
          for (const token of ["DEGEN", "BNB"]) {
            try {
              const { payout, splitVoid } = settleSplitStakedBlackjack(token, 10n ** 18n, word, decodeBlackjackActions(log));
              cases.push({ kind, token, word, log, payout: payout.toString(), splitVoid });
            } catch {
              cases.push({ kind, token, word, log, payout: null, splitVoid: null });
            }
          }
    console.log(JSON.stringify(cases));
  `);
}

describe("GameRules.splitStakedPayout pays what the engine pays for a staked split", function () {
  hangDetector(this, 300_000);
  let deployed: Deployed;
  let cases: SplitCase[];

  before(async function () {
    deployed = await deployRules();
    cases = engineSplitCases();
  });

  it(`on ${PER_KIND} deals of each kind (pair, no pair, a pair against a dealer natural, a player natural) × ${LOGS.length} logs × both tokens`, async function () {
    const ascii = (log: string) => "0x" + Buffer.from(log, "latin1").toString("hex");
    // Through the harness, as the Casino calls the rules: thousands of single eth_calls, each
    // revert traced by Hardhat, took 90-150 s of the contract run.
    const answers = (
      await runCases(
        deployed,
        cases.map((c) => ({
          game: GAME.BLACKJACK,
          label: c.kind,
          params: "0",
          isNative: c.token === "BNB",
          stake: (10n ** 18n).toString(),
          word: c.word,
          actions: ascii(c.log),
          payout: c.payout,
          splitStaked: true,
        })),
      )
    ).map((answer) => answer.payout?.toString() ?? null);
    const mismatches = cases.flatMap((c, i) =>
      answers[i] === c.payout ? [] : [`${c.kind} ${c.token} ${c.word} "${c.log}": ${answers[i]} vs engine ${c.payout}`],
    );
    expect(mismatches).to.deep.equal([]);

    // What the cases must show: a void split pays the second stake back, a pair's split is played
    // only when the log names it, and a log the engine refuses (a second split) is refused.
    const voided = cases.filter((c) => c.splitVoid === true);
    expect(new Set(voided.map((c) => c.kind))).to.deep.equal(new Set(["no pair", "pair", "pair, dealer natural", "player natural"]));
    expect(cases.filter((c) => c.kind === "pair" && c.payout !== null).every((c) => c.splitVoid === !c.log.startsWith("P"))).to.equal(true);
    expect(
      voided.every((c) => BigInt(c.payout!) >= 10n ** 18n),
      "a void split returns at least its second stake",
    ).to.equal(true);
    expect(cases.some((c) => c.kind === "pair" && c.splitVoid === false)).to.equal(true);
    expect(cases.filter((c) => c.kind === "pair" && c.log === "PP").every((c) => c.payout === null)).to.equal(true);
  });
});
