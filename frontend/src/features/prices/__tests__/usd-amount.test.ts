// @vitest-environment node
import { parseEther } from "ethers";
import { describe, expect, it } from "vitest";
import { baseUnitsOf, quoteText, usdCents, usdValueText } from "../usd-amount";

describe("USD value of a token amount", () => {
  it("multiplies base units by the price in integers, rounded half up to cents", () => {
    expect(usdCents(parseEther("0.1"), 612.4)).toBe(6124n);
    expect(usdCents(parseEther("10000"), 0.0123)).toBe(12300n);
    expect(usdCents(parseEther("1.23456789"), 612.4)).toBe(75605n); // $756.0493...
    expect(usdCents(parseEther("0.005"), 1)).toBe(1n); // half a cent rounds up
    expect(usdCents(parseEther("0.00499"), 1)).toBe(0n);
    expect(usdCents(parseEther("25"), 0.000000123)).toBe(0n);
    expect(usdCents(parseEther("1000000"), 0.000000123)).toBe(12n);
  });

  it("reads the stores' amounts exactly: decimal strings and numbers", () => {
    expect(baseUnitsOf("250.5")).toBe(parseEther("250.5"));
    expect(baseUnitsOf("0.000000000000000001")).toBe(1n);
    expect(baseUnitsOf("7")).toBe(parseEther("7"));
    expect(baseUnitsOf(0.25)).toBe(parseEther("0.25"));
    // A double's last digits are not an amount's: 0.1 BNB is still 61.24 dollars at $612.40.
    expect(usdCents(baseUnitsOf(0.1), 612.4)).toBe(6124n);
  });

  it("writes dollars with thousands separators and says when a value is below a cent", () => {
    expect(usdValueText(parseEther("0.5"), 612.4)).toBe("≈ $306.20");
    expect(usdValueText(parseEther("12345.678"), 612.4)).toBe("≈ $7,560,493.21");
    expect(usdValueText(0n, 612.4)).toBe("≈ $0.00");
    expect(usdValueText(parseEther("1"), 0.001)).toBe("≈ <$0.01");
  });

  it("names the price and its age", () => {
    expect(quoteText("BNB", 612.4, 12_900)).toBe("BNB $612.40 · 12 s ago");
    expect(quoteText("BNB", 1234.5, 0)).toBe("BNB $1,234.50 · 0 s ago");
    expect(quoteText("DEGEN", 0.0123, 3_000)).toBe("DEGEN $0.0123 · 3 s ago");
    expect(quoteText("DEGEN", 0.000000123456, 3_000)).toBe("DEGEN $0.000000123 · 3 s ago");
  });
});
