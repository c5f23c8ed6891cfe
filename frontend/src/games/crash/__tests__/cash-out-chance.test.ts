// @vitest-environment node
import { describe, expect, it } from "vitest";
import { cashOutChanceText } from "../cash-out-chance";

describe("an auto cash-out's chance and RTP", () => {
  it("is the engine's exact chance of reaching the target, and that chance times the target", () => {
    expect(cashOutChanceText("DEGEN", 200)).toBe("Chance 51% · RTP 102%");
    expect(cashOutChanceText("BNB", 200)).toBe("Chance 49% · RTP 98%");
    // 1% of rounds bust at once: the lowest target is reached 99% of the time, below the token's RTP.
    expect(cashOutChanceText("DEGEN", 101)).toBe("Chance 99% · RTP 99.99%");
    expect(cashOutChanceText("BNB", 10_000)).toBe("Chance 0.98% · RTP 98%");
  });
});
