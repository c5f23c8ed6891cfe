// Issue #19, finding R2-9: a bet carries the terms the bet panel showed, read from the chain; the
// Casino refuses it when they changed since (TermsChanged), the player is told what changed, and
// the terms are read again so the next bet carries the new ones.
import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Casino__factory } from "@typechain/factories/contracts/Casino__factory";
import { useWalletStore } from "@/features/wallet";
import { readyWallet } from "@/features/wallet/web3";
import { fakeWallet } from "@/features/wallet/__tests__/fake-wallet";
import { BetTerms } from "../components/bet-terms";
import { placeBet } from "../onchain";
import { useBetTermsStore } from "../terms-store";

vi.mock("@/features/wallet/web3", () => ({ readyWallet: vi.fn() }));

const packed = (window: bigint, edgeBps: bigint, shareBps: bigint) => window | (edgeBps << 32n) | (shareBps << 48n);
const SHOWN = packed(3_600n, 50n, 500n);
const CHANGED = packed(1_800n, 50n, 500n);
const COMMIT = "0x" + "ab".repeat(32);
const termsChanged = (terms: bigint) =>
  Object.assign(new Error("execution reverted"), {
    code: "CALL_EXCEPTION",
    data: Casino__factory.createInterface().encodeErrorResult("TermsChanged", [terms]),
  });

let chain: ReturnType<typeof fakeWallet>["wallet"] & {
  contracts: { casino: { terms: ReturnType<typeof vi.fn>; playGame: { populateTransaction: ReturnType<typeof vi.fn> } } };
};

beforeEach(() => {
  const fake = fakeWallet();
  const casino = fake.wallet.contracts.casino as unknown as Record<string, unknown>;
  casino.terms = vi.fn(async () => SHOWN);
  casino.playGame = { populateTransaction: vi.fn(async (...args: unknown[]) => ({ to: "casino", data: "0xplay", args })) };
  chain = fake.wallet as typeof chain;
  vi.mocked(readyWallet).mockResolvedValue(fake.ready);
  // The server's commitment still carries its own live `terms`: the bet must not take them.
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => Response.json({ expectedCommit: COMMIT, terms: CHANGED.toString() })),
  );
  useWalletStore.setState({ mode: "web3", account: "0x1234567890AbcdEF1234567890aBcdef12345678", chainId: 97 });
  useBetTermsStore.setState({ shown: null, status: "idle" });
});
afterEach(() => vi.unstubAllGlobals());

const request = { game: "wheel", gameType: 0, token: "BNB", stake: 0.01, params: 1n } as const;
const sentTerms = (call: number) => chain.contracts.casino.playGame.populateTransaction.mock.calls[call]![6];

describe("the terms by the bet button", () => {
  it("are read from the chain through the wallet and shown in web3 mode", async () => {
    render(<BetTerms />);
    expect(await screen.findByTestId("bet-terms-window")).toHaveTextContent("Not settled within 1 h? Claim your bet back at its maximum payout.");
    expect(screen.getByTestId("bet-terms-jackpot")).toHaveTextContent(
      "DEGEN jackpot: a hit wins 5 % of the pool; a bet's expected jackpot win is 0.5 % of its stake.",
    );
    expect(chain.contracts.casino.terms).toHaveBeenCalledTimes(1);
  });

  it("are not shown in demo mode", () => {
    useWalletStore.setState({ mode: "demo", account: null });
    render(<BetTerms />);
    expect(screen.queryByTestId("bet-terms")).toBeNull();
    expect(chain.contracts.casino.terms).not.toHaveBeenCalled();
  });
});

describe("a bet", () => {
  it("carries the terms shown, not the server's and not the chain's of the moment", async () => {
    render(<BetTerms />);
    await screen.findByTestId("bet-terms-window");
    chain.contracts.casino.terms.mockResolvedValue(CHANGED);
    chain.signer.sendTransaction.mockRejectedValue({ code: "ACTION_REJECTED" });
    await expect(placeBet(request, () => undefined)).rejects.toThrow("Cancelled in the wallet");
    expect(chain.contracts.casino.playGame.populateTransaction).toHaveBeenCalledWith(
      "0x0000000000000000000000000000000000000000",
      10n ** 16n,
      0,
      1n,
      expect.any(String),
      COMMIT,
      SHOWN,
    );
    const [url, init] = vi.mocked(fetch).mock.calls[0]!;
    expect([url, init?.method]).toEqual(["/api/fairness/commitment", "POST"]);
  });

  it("refused for changed terms: says what changed, sends nothing, and the next bet carries the new terms, now shown", async () => {
    render(<BetTerms />);
    await screen.findByTestId("bet-terms-window");
    chain.contracts.casino.terms.mockResolvedValue(CHANGED);
    chain.signer.estimateGas.mockRejectedValueOnce(termsChanged(CHANGED));
    const updates: { phase: string; reason?: { message: string } }[] = [];
    await expect(placeBet(request, (update) => updates.push(update))).rejects.toThrow(
      "The Casino changed its terms after you saw them: the settle window is now 30 min (was 1 h). Your bet was not placed and your Casino balance is unchanged. The new terms are shown by the bet button: bet again to accept them.",
    );
    expect(updates.at(-1)).toMatchObject({ phase: "failed", reason: { message: expect.stringContaining("30 min (was 1 h)") } });
    expect(chain.signer.sendTransaction).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId("bet-terms-window")).toHaveTextContent("Not settled within 30 min?"));

    chain.signer.sendTransaction.mockRejectedValue({ code: "ACTION_REJECTED" });
    await act(async () => expect(placeBet(request, () => undefined)).rejects.toThrow("Cancelled in the wallet"));
    expect([sentTerms(0), sentTerms(1)]).toEqual([SHOWN, CHANGED]);
  });

  it("refused a commitment by the server, says the server's sentence and sends nothing", async () => {
    const refusal = "Deposit at least 1 DEGEN or 0.001 BNB into the Casino (or approve it for 1 DEGEN you hold) before betting";
    vi.mocked(fetch).mockResolvedValue(Response.json({ error: refusal }, { status: 403 }));
    await expect(placeBet(request, () => undefined)).rejects.toThrow(new Error(refusal));
    expect(chain.signer.estimateGas).not.toHaveBeenCalled();
  });

  it("reads the terms (and shows them) when none were shown yet", async () => {
    chain.signer.sendTransaction.mockRejectedValue({ code: "ACTION_REJECTED" });
    await expect(placeBet(request, () => undefined)).rejects.toThrow("Cancelled in the wallet");
    expect(sentTerms(0)).toBe(SHOWN);
    expect(useBetTermsStore.getState()).toMatchObject({ shown: SHOWN, status: "shown" });
  });
});
