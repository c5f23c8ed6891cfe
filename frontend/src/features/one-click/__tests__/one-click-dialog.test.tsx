import { waitFor, within } from "@testing-library/react";
import { getAddress, parseEther, type TransactionReceipt } from "ethers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CasinoSessions__factory } from "@typechain/factories/contracts/CasinoSessions__factory";
import { readyWallet } from "@/features/wallet/web3";
import { connectWallet, dialogOpen, openDialog } from "@/features/wallet/__tests__/dialog-harness";
import { ADDRESSES, fakeWallet, PLAYER } from "@/features/wallet/__tests__/fake-wallet";
import { readSession } from "../storage";

// Turning one-click play on (docs/decisions.md §4, "lanes"): the dialog says the budget moves from
// the vault into the session, starts within the vault and refuses more; the grant names the root
// the server gives for the fresh key, and the session is believed once SessionOpened shows it.
vi.mock("@/features/wallet/web3", () => ({ readyWallet: vi.fn() }));

const ROOT = "0x" + "7a".repeat(32);
const OPEN_TX = "0x" + "cd".repeat(32);
const sessions = CasinoSessions__factory.createInterface();
let chain: ReturnType<typeof fakeWallet>["wallet"];
let requests: { url: string; body: unknown }[];

/** The receipt of the server's openSession: SessionOpened for `key` on lane 7 with `commit`. */
function openedReceipt(key: string, commit: string): TransactionReceipt {
  const grant = JSON.parse(String(requests.find((request) => request.url === "/api/sessions")?.body ?? "{}")) as { grant?: Record<string, string> };
  const g = grant.grant!;
  const { topics, data } = sessions.encodeEventLog("SessionOpened", [
    PLAYER,
    key,
    7n,
    commit,
    g.expiresAt,
    g.tokens,
    g.games,
    g.maxBetDegen,
    g.maxBetNative,
    g.budgetDegen,
    g.budgetNative,
  ]);
  return { hash: OPEN_TX, status: 1, logs: [{ address: ADDRESSES.CasinoSessions, index: 0, topics, data }] } as unknown as TransactionReceipt;
}

beforeEach(() => {
  vi.clearAllMocks();
  sessionStorage.clear();
  connectWallet({ DEGEN: "250.5", BNB: "0.0005" });
  const fake = fakeWallet();
  chain = fake.wallet;
  vi.mocked(chain.contracts.casino.getBalance as (player: string, token: string) => Promise<bigint>).mockImplementation(async (_player, token) =>
    token === ADDRESSES.DegenToken ? parseEther("250.5") : parseEther("0.0005"),
  );
  vi.mocked(readyWallet).mockResolvedValue(fake.ready);
  requests = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      requests.push({ url, body: init?.body });
      if (url === "/api/sessions/lane-root") return Response.json({ commit: ROOT, length: 16_384 });
      if (url === "/api/sessions") return Response.json({ key: "0x", lane: 7, expiresAt: 0, txHash: OPEN_TX });
      return new Response("", { status: 404 });
    }),
  );
  chain.provider.waitForTransaction.mockImplementation(async () => {
    const key = (JSON.parse(String(requests.find((request) => request.url === "/api/sessions/lane-root")!.body)) as { key: string }).key;
    return openedReceipt(key, ROOT);
  });
});
afterEach(() => vi.unstubAllGlobals());

describe("the one-click dialog", () => {
  it("says where the budget goes, and starts within the vault: the DEGEN budget capped at it, BNB (below a minimum bet) unchecked", () => {
    const { dialog } = openDialog("one-click");
    expect(within(dialog).getByTestId("one-click-budget-note")).toHaveTextContent(
      "Your budget moves from your Casino vault into the session when it opens. One-click bets stake from it and their wins are paid into it; wallet bets, withdrawals and swaps use your vault. What is left goes back to your vault when the session ends, or 5 minutes after you revoke it.",
    );
    expect(within(dialog).getByTestId("one-click-budget-DEGEN")).toHaveValue(250.5);
    expect(within(dialog).getByTestId("one-click-vault-DEGEN")).toHaveTextContent("In your vault: 250.50 DEGEN");
    expect(within(dialog).getByTestId("one-click-allow-BNB")).not.toBeChecked();
  });

  it("refuses a budget above the vault before anything is signed or asked of the server", async () => {
    const { user, dialog } = openDialog("one-click");
    const budget = within(dialog).getByTestId("one-click-budget-DEGEN");
    await user.clear(budget);
    await user.type(budget, "300");
    await user.click(within(dialog).getByTestId("one-click-submit"));
    expect(within(dialog).getByTestId("one-click-error")).toHaveTextContent(
      "Your Casino vault holds 250.50 DEGEN: the DEGEN budget moves from it into the session, so it can be at most that. Lower the budget, or deposit first.",
    );
    expect(chain.signer.signTypedData).not.toHaveBeenCalled();
    expect(requests).toEqual([]);
  });

  it("signs a grant naming the root the server gave for the fresh key, and keeps the session with the lane SessionOpened names", async () => {
    const { user, dialog } = openDialog("one-click");
    await user.click(within(dialog).getByTestId("one-click-submit"));
    await waitFor(() => expect(dialogOpen()).toBeNull());
    const [, types, grant] = chain.signer.signTypedData.mock.calls[0] as unknown as [object, { Session: { name: string }[] }, Record<string, string>];
    expect(types.Session.map((field) => field.name)).toContain("commit");
    const asked = JSON.parse(String(requests[0]!.body)) as { key: string };
    expect(requests.map((request) => request.url)).toEqual(["/api/sessions/lane-root", "/api/sessions"]);
    expect(grant).toMatchObject({ player: PLAYER, key: asked.key, commit: ROOT, budgetDegen: String(parseEther("250.5")), budgetNative: "0" });
    expect(readSession(97, PLAYER)).toMatchObject({ lane: 7, openedTxHash: OPEN_TX, grant: { key: getAddress(asked.key), commit: ROOT } });
  });

  it("does not believe a session opened with another root than the one signed", async () => {
    chain.provider.waitForTransaction.mockImplementation(async () => {
      const key = (JSON.parse(String(requests.find((request) => request.url === "/api/sessions/lane-root")!.body)) as { key: string }).key;
      return openedReceipt(key, "0x" + "66".repeat(32));
    });
    const { user, dialog } = openDialog("one-click");
    await user.click(within(dialog).getByTestId("one-click-submit"));
    expect(await within(dialog).findByTestId("tx-failure")).toHaveTextContent("The session opened on chain does not carry the commitment you signed.");
    expect(readSession(97, PLAYER)).toBeNull();
  });
});
