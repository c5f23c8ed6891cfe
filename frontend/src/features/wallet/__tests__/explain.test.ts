// @vitest-environment node
import { parseEther } from "ethers";
import { describe, expect, it } from "vitest";
import { Casino__factory } from "@typechain/factories/contracts/Casino__factory";
import { CasinoLimits__factory } from "@typechain/factories/contracts/CasinoLimits.sol/CasinoLimits__factory";
import { CasinoRelay__factory } from "@typechain/factories/contracts/CasinoRelay__factory";
import { CasinoSessions__factory } from "@typechain/factories/contracts/CasinoSessions__factory";
import { CasinoSwap__factory } from "@typechain/factories/contracts/CasinoSwap__factory";
import { DegenToken__factory } from "@typechain/factories/contracts/DegenToken.sol/DegenToken__factory";
import { explain } from "../web3/explain";

const casino = Casino__factory.createInterface();
const token = DegenToken__factory.createInterface();
const relay = CasinoRelay__factory.createInterface();
const swap = CasinoSwap__factory.createInterface();
const limits = CasinoLimits__factory.createInterface();
const sessions = CasinoSessions__factory.createInterface();
const PLAYER = "0x1234567890AbcdEF1234567890aBcdef12345678";

/** A revert as ethers reports a failed estimate or call. */
const reverted = (data: string) => Object.assign(new Error("execution reverted"), { code: "CALL_EXCEPTION", data });

describe("revert sentences", () => {
  it("says until when a cool-off stops bets", () => {
    const error = reverted(limits.encodeErrorResult("CoolingOff", [4_000_000_000n]));
    expect(explain(error, { token: "DEGEN" }).message).toBe(
      `You are taking a break until ${new Date(4_000_000_000_000).toLocaleString()}: no bets until then. Withdrawals stay open.`,
    );
  });

  it("says which one-click key holds no session of this wallet, and that a signed bet needs the house's countersignature from a wallet", () => {
    const key = "0x" + "ab".repeat(20);
    expect(explain(reverted(sessions.encodeErrorResult("NotSessionPlayer", [key, PLAYER])), { token: "DEGEN" }).message).toBe(
      "This one-click key holds no session of your wallet: it was never opened for you, or it is another wallet's. Turn one-click play on again.",
    );
    expect(explain(reverted(sessions.encodeErrorResult("NotRelayer", [PLAYER])), { token: "DEGEN" }).message).toBe(
      "The chain takes a signed bet from your wallet only with the house's countersignature, which this bet does not carry. Bet from your wallet as usual instead.",
    );
  });

  it("names the max bet, formatted in the bet's token", () => {
    const error = reverted(casino.encodeErrorResult("BetTooLarge", [parseEther("500"), parseEther("123.456")]));
    expect(explain(error, { token: "DEGEN" }).message).toBe("The maximum bet right now is 123.45 DEGEN.");
  });

  it("offers a deposit when the vault is short; a one-click bet's shortfall is its session's, which a deposit does not fill", () => {
    const error = reverted(casino.encodeErrorResult("InsufficientBalance", [parseEther("0.5"), parseEther("1")]));
    expect(explain(error, { token: "BNB" })).toEqual({ message: "Your Casino vault holds 0.5000 BNB; this needs 1.0000 BNB.", suggestDeposit: true });
    expect(explain(error, { token: "BNB", fromLane: true })).toEqual({ message: "Your one-click session holds 0.5000 BNB; this needs 1.0000 BNB." });
  });

  it("names the swap cap in the token paid out", () => {
    const error = reverted(swap.encodeErrorResult("SwapAboveCap", [parseEther("60000"), parseEther("50000")]));
    expect(explain(error, { token: "BNB", payoutToken: "DEGEN" }).message).toBe(
      "This swap would pay 60000.00 DEGEN, above the per-swap cap of 50000.00 DEGEN.",
    );
  });

  it.each([
    [relay.encodeErrorResult("SignatureExpired", [1n]), "Your signature expired before it was used. Please try again."],
    [casino.encodeErrorResult("IsPaused", []), "The Casino is paused: no new bets for now. Withdrawals stay open."],
    [
      casino.encodeErrorResult("TermsChanged", [5n]),
      "The Casino changed its terms after you saw them. Your bet was not placed and your Casino balance is unchanged. The new terms are shown by the bet button: bet again to accept them.",
    ],
    [casino.encodeErrorResult("ZeroAmount", []), "The amount must be greater than 0."],
    [
      limits.encodeErrorResult("LossLimitReached", [1n, parseEther("480"), parseEther("500")]),
      "This bet would pass your 7-day loss limit: 480.00 DEGEN of 500.00 DEGEN is used. Withdrawals stay open.",
    ],
    [limits.encodeErrorResult("AboveBetCap", [parseEther("60"), parseEther("50")]), "This bet is above the largest bet you allowed yourself: 50.00 DEGEN."],
    [
      sessions.encodeErrorResult("AboveSessionMaxBet", [parseEther("150"), parseEther("100")]),
      "This bet is above your one-click maximum of 100.00 DEGEN per bet.",
    ],
    [sessions.encodeErrorResult("NotBetSession", [7n, PLAYER]), "This bet is not one of this one-click session's."],
    [token.encodeErrorResult("ERC20InsufficientBalance", [PLAYER, parseEther("1"), parseEther("2")]), "Your wallet holds 1.00 DEGEN; this needs 2.00 DEGEN."],
    [
      token.encodeErrorResult("ERC20InsufficientAllowance", [PLAYER, 0n, parseEther("2")]),
      "The Casino may spend only 0.00 DEGEN of yours; this needs 2.00 DEGEN. Approve it first.",
    ],
  ])("decodes %s", (data, sentence) => {
    expect(explain(reverted(data), { token: "DEGEN" }).message).toBe(sentence);
  });

  it("names what changed between the terms the bet carried and the Casino's current ones", () => {
    const packed = (window: bigint, edgeBps: bigint, shareBps: bigint) => window | (edgeBps << 32n) | (shareBps << 48n);
    const shown = packed(3_600n, 50n, 500n);
    const settleWindow = reverted(casino.encodeErrorResult("TermsChanged", [packed(1_800n, 50n, 500n)]));
    expect(explain(settleWindow, { token: "BNB", shownTerms: shown }).message).toBe(
      "The Casino changed its terms after you saw them: the settle window is now 30 min (was 1 h). Your bet was not placed and your Casino balance is unchanged. The new terms are shown by the bet button: bet again to accept them.",
    );
    const jackpot = reverted(casino.encodeErrorResult("TermsChanged", [packed(3_600n, 100n, 250n)]));
    expect(explain(jackpot, { token: "DEGEN", shownTerms: shown }).message).toContain(
      "after you saw them: a jackpot hit now wins 2.5 % of the pool (was 5 %); a DEGEN bet's expected jackpot win is now 1 % of its stake (was 0.5 %). Your bet",
    );
  });

  it("finds revert data where MetaMask nests it", () => {
    const data = casino.encodeErrorResult("ZeroAmount", []);
    const error = { code: -32603, message: "Internal JSON-RPC error.", data: { originalError: { code: 3, data, message: "execution reverted" } } };
    expect(explain(error).message).toBe("The amount must be greater than 0.");
  });

  it("says plainly what is not a revert", () => {
    expect(explain(Object.assign(new Error("x"), { code: "INSUFFICIENT_FUNDS" }), { nativeSymbol: "tBNB" }).message).toBe(
      "Your wallet does not hold enough tBNB for this and its gas.",
    );
    expect(explain(new Error("Insufficient DEGEN balance")).message).toBe("Insufficient DEGEN balance");
  });
});
