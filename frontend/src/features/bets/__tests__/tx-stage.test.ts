// @vitest-environment node
import { describe, expect, it } from "vitest";
import type { TxPhase } from "@/features/wallet/web3/transactions";
import type { ActiveBet } from "../bet-store";
import { stageOf } from "../onchain/tx-stage";

describe("a bet transaction's progress in the bet banner", () => {
  it("goes confirm → placing and stays placing once mined (never back to the wallet step)", () => {
    const phases: TxPhase[] = ["checking", "waiting-for-wallet", "pending", "confirmed"];
    let bet: Partial<ActiveBet> = {};
    const seen: string[] = [];
    for (const phase of phases) {
      bet = { ...bet, ...stageOf({ phase, hash: phase === "pending" ? "0xabc" : undefined }) };
      seen.push(bet.stage ?? "");
    }
    expect(seen).toEqual(["confirm", "confirm", "placing", "placing"]);
    expect(bet.txHash).toBe("0xabc");
  });

  it("a refusal in the wallet cancels quietly; a failure carries its sentence", () => {
    expect(stageOf({ phase: "cancelled" })).toEqual({ stage: "cancelled" });
    const failed = stageOf({ phase: "failed", reason: { message: "Bet exceeds the maximum bet" } });
    expect(failed).toMatchObject({ stage: "failed", error: "Bet exceeds the maximum bet" });
  });
});
