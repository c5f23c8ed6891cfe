// The Account dialog's limits (issue #20 item 5): each limit and how much of it is used, read from
// the chain; a change said as the contract applies it (stricter at once, looser after 24 h) before
// the player's own setLimits transaction.
import { screen, within } from "@testing-library/react";
import { parseEther, ZeroAddress } from "ethers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { readyWallet } from "@/features/wallet/web3";
import { useWalletDialog } from "@/features/wallet/dialog-store";
import { connectWallet, openDialog } from "@/features/wallet/__tests__/dialog-harness";
import { ADDRESSES, fakeWallet, noLimits } from "@/features/wallet/__tests__/fake-wallet";
import { useAccountStore } from "@/features/account";
import { splitChanges } from "../limit-changes";

vi.mock("@/features/wallet/web3", () => ({ readyWallet: vi.fn() }));

let chain: ReturnType<typeof fakeWallet>["wallet"];

beforeEach(() => {
  vi.clearAllMocks();
  useWalletDialog.setState({ open: null });
  useAccountStore.setState({ ...useAccountStore.getInitialState(), isLoading: false }, true);
  connectWallet();
  const fake = fakeWallet();
  chain = fake.wallet;
  vi.mocked(readyWallet).mockResolvedValue(fake.ready);
  chain.contracts.limits.limitsOf.mockImplementation(async (_player: string, token: string) =>
    token === ADDRESSES.DegenToken
      ? {
          ...noLimits(),
          lossLimit: [parseEther("500"), 0n, 0n],
          lossUsed: [parseEther("120"), 0n, 0n],
          betCap: parseEther("50"),
          pendingLossLimit: [0n, parseEther("2000"), 0n],
          pendingMask: 2n,
          pendingAt: 4_000_086_400n,
        }
      : noLimits(),
  );
});

describe("the limits in the Account dialog", () => {
  it("shows each limit, how much of it is used, and a looser one waiting for its time", async () => {
    openDialog("account");
    const table = await screen.findByTestId("limits-table");
    expect(within(table).getByTestId("limit-row-0")).toHaveTextContent("24-hour loss limit500.00 DEGEN120.00 DEGEN of 500.00 DEGEN");
    expect(within(table).getByTestId("limit-row-1")).toHaveTextContent("7-day loss limitNo limit");
    expect(within(table).getByTestId("limit-pending-1")).toHaveTextContent(`2000.00 DEGEN from ${new Date(4_000_086_400_000).toLocaleString()}`);
    expect(within(table).getByTestId("limit-row-3")).toHaveTextContent("Largest bet50.00 DEGEN—");
    expect(screen.getByTestId("cool-off-state")).toHaveTextContent("No cool-off.");
  });

  it("says which changes take effect at once and which after 24 h, then sends the player's own setLimits", async () => {
    const { user } = openDialog("account");
    await screen.findByTestId("limits-table");
    expect(screen.getByTestId("limits-rule")).toHaveTextContent("A stricter setting takes effect at once; a looser one only after 24 h.");
    const day = screen.getByTestId("limit-input-0");
    await user.clear(day);
    await user.type(day, "300");
    await user.clear(screen.getByTestId("limit-input-3"));
    expect(screen.getByTestId("limits-changes")).toHaveTextContent("At once: 24-hour loss limit. After 24 h: Largest bet.");
    await user.click(screen.getByTestId("limits-save"));
    expect(chain.contracts.limits.setLimits.populateTransaction).toHaveBeenCalledWith(ADDRESSES.DegenToken, [parseEther("300"), 0n, 0n], 0n);
    expect(chain.signer.sendTransaction).toHaveBeenCalledTimes(1);
  });

  it("sets BNB's limits on the BNB tab", async () => {
    const { user } = openDialog("account");
    await screen.findByTestId("limits-table");
    await user.click(within(screen.getByTestId("limits")).getByTestId("token-switch-BNB"));
    await user.type(screen.getByTestId("limit-input-3"), "0.05");
    await user.click(screen.getByTestId("limits-save"));
    expect(chain.contracts.limits.setLimits.populateTransaction).toHaveBeenCalledWith(ZeroAddress, [0n, 0n, 0n], parseEther("0.05"));
  });
});

describe("splitChanges", () => {
  it("takes a first limit and a lower one as stricter, a higher one and none as looser", () => {
    const current = {
      loss: [{ limit: 0n }, { limit: 100n }, { limit: 100n }].map((window) => ({ ...window, used: 0n, pending: null })),
      betCap: { limit: 10n, pending: null },
      pendingAt: 0,
    };
    expect(splitChanges(current, { loss: [5n, 50n, 200n], betCap: 0n })).toEqual({
      atOnce: ["24-hour loss limit", "7-day loss limit"],
      later: ["30-day loss limit", "Largest bet"],
    });
  });
});
