import { describe, expect, it } from "vitest";
import { encodeCrashParams } from "@engine/crash";
import { encodeDiceParams } from "@engine/dice";
import { GameType } from "@engine/gameTypes";
import { encodeKickboxingParams } from "@engine/kickboxing";
import { encodePlinkoParams } from "@engine/plinko";
import { settleGame, type SettleInput } from "@engine/settle";
import { encodeWheelParams } from "@engine/wheel";
import { outcomeLine } from "../outcome-line";

const WORD = "0x" + "5a".repeat(32);
const round = (input: Omit<SettleInput, "token" | "stake" | "word">) =>
  outcomeLine(settleGame({ token: "DEGEN", stake: 10n ** 18n, word: WORD, ...input }).outcome);

describe("a bet page's outcome line", () => {
  it("says what each game drew, in words, with nothing left as an object or a number without its unit", () => {
    const lines = [
      round({ gameType: GameType.WHEEL, params: encodeWheelParams([0, 2]) }),
      round({ gameType: GameType.SLOTS, params: 0n }),
      round({ gameType: GameType.BLACKJACK, params: 0n, actions: "S" }),
      round({ gameType: GameType.KICKBOXING, params: encodeKickboxingParams("RED") }),
      round({ gameType: GameType.CRASH, params: encodeCrashParams(200) }),
      round({ gameType: GameType.DICE, params: encodeDiceParams({ target: 5000, side: "UNDER" }) }),
      round({ gameType: GameType.PLINKO, params: encodePlinkoParams({ rows: 8, risk: "LOW" }) }),
      round({ gameType: GameType.MINES, params: 3n, actions: "" }),
    ];
    for (const line of lines) expect(line).not.toMatch(/object|undefined|NaN/);
    expect(lines[0]).toMatch(/^The wheel stopped on segment \d+: [A-Z][a-z]+; the bet was on Gold, Cyan\.$/);
    expect(lines[2]).toMatch(/^Your hand (\w+ )+\(\d+\); the dealer's (\w+ )+\(\d+\)\.$/);
    expect(lines[3]).toMatch(/\(the bet was on RED\)\.$/);
    expect(lines[4]).toMatch(/^Crashed at \d+\.\d\dx; (no cash-out|cash-out at 2\.00x)\.$/);
    expect(lines[5]).toMatch(/^Rolled \d+\.\d\d, the bet was under 50\.00\.$/);
    expect(lines[6]).toMatch(/^The ball fell 8 rows \(low risk\) into slot \d of 9: \d+\.\d\dx\.$/);
    expect(lines[7]).toMatch(/^3 mines at tiles \d+, \d+, \d+; no tile opened\.$/);
    expect(round({ gameType: GameType.MINES, params: 3n, actions: "aC" })).toMatch(
      /^3 mines at tiles [\d, ]+; (1 safe tile opened, then cashed out|0 safe tiles opened, then a mine)\.$/,
    );
  });
});
