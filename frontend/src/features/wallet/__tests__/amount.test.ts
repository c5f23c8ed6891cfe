// @vitest-environment node
import { parseEther } from "ethers";
import { describe, expect, it } from "vitest";
import { decimalOf, displayAmount, formatSwapOutput, parseAmount } from "../amount";

describe("amounts", () => {
  it.each(["", " ", "0", "0.0", "-1", "-0.5", "abc", "1e3", "1,5", "1.2.3", ".", "0.0000000000000000001"])(
    "refuses %j (SPEC §5: present and above 0)",
    (text) => {
      expect(parseAmount(text)).toBeNull();
    },
  );

  it.each([
    ["10", parseEther("10")],
    ["0.01", parseEther("0.01")],
    [".5", parseEther("0.5")],
    ["2.", parseEther("2")],
    [" 3.25 ", parseEther("3.25")],
    ["0.000000000000000001", 1n],
  ])("reads %j in base units", (text, wei) => {
    expect(parseAmount(text)).toBe(wei);
  });

  it("names base units as a plain decimal", () => {
    expect(decimalOf(parseEther("10"))).toBe("10");
    expect(decimalOf(parseEther("0.5"))).toBe("0.5");
  });

  it("shows amounts with the token's decimals, rounded down so a cap is never overstated", () => {
    expect(displayAmount("DEGEN", parseEther("50000.999"))).toBe("50000.99");
    expect(displayAmount("BNB", parseEther("9.99999"))).toBe("9.9999");
    expect(displayAmount("BNB", 0n)).toBe("0.0000");
  });

  it("shows a swap's output with 0 decimals for DEGEN and 4 for BNB (SPEC §9)", () => {
    expect(formatSwapOutput("DEGEN", parseEther("10000.7"))).toBe("10000");
    expect(formatSwapOutput("BNB", parseEther("0.01"))).toBe("0.0100");
  });
});
