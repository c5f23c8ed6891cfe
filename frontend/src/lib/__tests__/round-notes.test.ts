// @vitest-environment node
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { failureNote, idleLimitText, isWalletCancel } from "@/lib/round-notes";

describe("hand notes", () => {
  it("says the idle limit in minutes when it is whole minutes, else in seconds", () => {
    expect(idleLimitText(300_000)).toBe("5 minutes");
    expect(idleLimitText(60_000)).toBe("1 minute");
    expect(idleLimitText(90_000)).toBe("90 seconds");
  });

  it("gives the server's sentence, and only where asked the chain's explained refusal or the wallet layer's own sentence", () => {
    expect(failureNote(new ApiError(409, JSON.stringify({ error: "This bet is already settled" })), false)).toEqual({
      text: "This bet is already settled",
      tone: "error",
    });
    const explained = Object.assign(new Error("short"), {
      name: "ExplainedError",
      reason: { message: "Your Casino balance is 1 DEGEN; this needs 10 DEGEN.", suggestDeposit: true },
    });
    expect(failureNote(explained, true)).toEqual({ text: "Your Casino balance is 1 DEGEN; this needs 10 DEGEN.", tone: "error", suggestDeposit: true });
    expect(failureNote(explained, false)).toBeNull();
    expect(failureNote(new Error("Wrong network: switch your wallet to Hardhat Local"), true)).toEqual({
      text: "Wrong network: switch your wallet to Hardhat Local",
      tone: "error",
    });
    expect(failureNote(new Error("Wallet not connected"), false)).toBeNull();
    expect(failureNote(new TypeError("Failed to fetch"), true)).toBeNull();
  });

  it("knows a refusal in the wallet by its name", () => {
    expect(isWalletCancel(Object.assign(new Error("Cancelled in the wallet"), { name: "TxCancelled" }))).toBe(true);
    expect(isWalletCancel(new Error("Cancelled in the wallet"))).toBe(false);
  });
});
