import { describe, expect, it } from "vitest";
import { actionLogOfBytes, GameType, minesActionBytes } from "../src/index";

describe("an action log read back from a settlement's bytes", () => {
  it("gives what settleGame takes: a crash cash-out in hundredths, a mines log, blackjack's letters", () => {
    expect(actionLogOfBytes(GameType.CRASH, "0x00fa")).toEqual({ log: 250 });
    expect(actionLogOfBytes(GameType.CRASH, "0x")).toEqual({ log: null });
    expect(actionLogOfBytes(GameType.MINES, minesActionBytes("acyC"))).toEqual({ log: "acyC" });
    expect(actionLogOfBytes(GameType.BLACKJACK, "0x504853")).toEqual({ log: "PHS" });
    expect(actionLogOfBytes(GameType.BLACKJACK, "0x")).toEqual({ log: "" });
  });

  it("names what is wrong with bytes no honest settlement carries", () => {
    expect(actionLogOfBytes(GameType.CRASH, "0x00fa01")).toEqual({ fault: "the settled cash-out 0x00fa01 is not two bytes" });
    expect(actionLogOfBytes(GameType.MINES, "0x7a")).toEqual({ fault: "the settled mines log 0x7a holds bytes other than tiles a to y and a closing C" });
    expect(actionLogOfBytes(GameType.BLACKJACK, "0x48")).toEqual({ log: "H" });
    expect(actionLogOfBytes(GameType.BLACKJACK, "0x4858")).toEqual({ fault: "the settled blackjack log 0x4858 holds bytes other than H, S and P" });
  });
});
