import { screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { USER_ID_KEY, useAccountStore } from "@/features/account";
import { useWalletDialog } from "../dialog-store";
import { readyWallet } from "../web3";
import { connectWallet, openDialog } from "./dialog-harness";
import { fakeWallet, PLAYER } from "./fake-wallet";

vi.mock("../web3", () => ({ readyWallet: vi.fn() }));

const USER = { id: 4, walletAddress: PLAYER, username: "lucky_4", createdAt: "2025-01-01T00:00:00.000Z" };
let server: ReturnType<typeof vi.fn>;

beforeEach(() => {
  useWalletDialog.setState({ open: null });
  useAccountStore.setState({ ...useAccountStore.getInitialState(), isLoading: false }, true);
  connectWallet();
  vi.mocked(readyWallet).mockResolvedValue(fakeWallet().ready);
  server = vi.fn(async (url: string) =>
    url === "/api/user/register"
      ? new Response(JSON.stringify(USER), { status: 201 })
      : new Response(JSON.stringify({ DEGEN: "12.5", BNB: "0.1" }), { status: 200 }),
  );
  vi.stubGlobal("fetch", server);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("Account dialog", () => {
  it("shows the server's username rule and registers the wallet", async () => {
    const { user } = openDialog("account");
    expect(screen.getByRole("dialog", { name: "Account" })).toBeInTheDocument();
    expect(screen.getByText("3 to 20 letters, digits or underscores, not already taken (case is ignored).")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Username"), "lucky_4");
    await user.click(screen.getByTestId("account-register-submit"));
    expect(await screen.findByTestId("account-username")).toHaveTextContent("lucky_4");
    expect(JSON.parse((server.mock.calls[0] as [string, RequestInit])[1].body as string)).toEqual({ walletAddress: PLAYER, username: "lucky_4" });
    expect(screen.getByTestId("account-balance-DEGEN")).toHaveTextContent("12.50");
    expect(screen.getByTestId("account-balance-BNB")).toHaveTextContent("0.1000");
    expect(localStorage.getItem(USER_ID_KEY)).toBe("4");
  });

  it.each([
    [409, "Username is already taken"],
    [400, "Invalid username: must be 3 to 20 letters, digits or underscores"],
  ])("shows the server's refusal (%i) as its own sentence", async (status, message) => {
    server.mockResolvedValue(new Response(JSON.stringify({ error: message }), { status }));
    const { user } = openDialog("account");
    await user.type(screen.getByLabelText("Username"), "x");
    await user.click(screen.getByTestId("account-register-submit"));
    expect(await screen.findByRole("alert")).toHaveTextContent(new RegExp(`^${message}$`));
    expect(useAccountStore.getState().user).toBeNull();
  });

  it("logs out: the user is cleared and registration shows again", async () => {
    localStorage.setItem(USER_ID_KEY, "4");
    useAccountStore.setState({ user: USER, balances: { DEGEN: "1", BNB: "0" } });
    const { user } = openDialog("account");
    await user.click(screen.getByTestId("account-logout"));
    await waitFor(() => expect(screen.getByTestId("account-register")).toBeInTheDocument());
    expect(localStorage.getItem(USER_ID_KEY)).toBeNull();
  });
});
