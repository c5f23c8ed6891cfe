import { screen, waitFor } from "@testing-library/react";
import { id, parseEther, ZeroAddress } from "ethers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useWalletDialog } from "../dialog-store";
import { useWalletStore } from "../wallet-store";
import { readyWallet } from "../web3";
import { connectWallet, dialogOpen, lastToast, openDialog } from "./dialog-harness";
import { ADDRESSES, fakeWallet, PLAYER, receiptWith } from "./fake-wallet";

vi.mock("../web3", () => ({ readyWallet: vi.fn() }));

const HASH = `0x${"cd".repeat(32)}`;
let chain: ReturnType<typeof fakeWallet>["wallet"];
let server: ReturnType<typeof vi.fn>;
let withdrawAnswer: () => Response;
/** GET /api/relay/quota's answer; none (404) unless a test says. */
let quota: object | null;
const withdrawCalls = () => server.mock.calls.filter(([url]) => url === "/api/withdraw");

function answer(status: number, body: unknown) {
  withdrawAnswer = () => new Response(JSON.stringify(body), { status });
}

beforeEach(() => {
  vi.clearAllMocks();
  useWalletDialog.setState({ open: null });
  connectWallet({ DEGEN: "50" });
  const fake = fakeWallet();
  chain = fake.wallet;
  chain.contracts.casino.getBalance.mockResolvedValue(parseEther("50"));
  chain.contracts.relay.eip712Domain.mockResolvedValue({ name: "DEGEN Casino", version: "1", chainId: 97n, verifyingContract: ADDRESSES.CasinoRelay });
  chain.contracts.relay.nonces.mockResolvedValue(3n);
  chain.contracts.relay.WITHDRAW_TYPEHASH.mockResolvedValue(id("Withdraw(address player,address token,uint256 amount,uint256 nonce,uint256 deadline)"));
  vi.mocked(readyWallet).mockResolvedValue(fake.ready);
  quota = null;
  server = vi.fn(async (url: string) => {
    if (url !== "/api/relay/quota") return withdrawAnswer();
    return quota ? Response.json(quota) : new Response("", { status: 404 });
  });
  vi.stubGlobal("fetch", server);
  answer(200, { ok: true, txHash: HASH, token: "DEGEN", amount: "5" });
  // The chain shows the relayed withdrawal of 5 DEGEN in the transaction the server names.
  chain.provider.waitForTransaction.mockImplementation(async (hash: string) =>
    receiptWith(hash, [["Withdrawn", [PLAYER, ADDRESSES.DegenToken, parseEther("5")]]]),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe("Withdraw dialog", () => {
  it("has SPEC's amount input: number, step 0.01, min 0", () => {
    openDialog("withdraw");
    const input = screen.getByLabelText("Amount");
    expect(input).toHaveAttribute("type", "number");
    expect(input).toHaveAttribute("step", "0.01");
    expect(input).toHaveAttribute("min", "0");
  });

  it.each(["", "0", "-1"])("refuses the amount %j with 'Invalid Amount' / 'Please enter a valid amount', by either route", async (amount) => {
    const { user } = openDialog("withdraw");
    if (amount) await user.type(screen.getByLabelText("Amount"), amount);
    await user.click(screen.getByTestId("withdraw-submit"));
    expect(lastToast()).toMatchObject({ title: "Invalid Amount", description: "Please enter a valid amount" });
    useWalletDialog.setState({ open: "withdraw" });
    await user.click(screen.getByTestId("withdraw-direct"));
    expect(lastToast()).toMatchObject({ title: "Invalid Amount", description: "Please enter a valid amount" });
    expect(chain.contracts.casino.getBalance).not.toHaveBeenCalled();
    expect(chain.signer.signTypedData).not.toHaveBeenCalled();
  });

  it("signs an EIP-712 Withdraw and has the server relay it (SPEC §7 POST /api/withdraw)", async () => {
    const { user } = openDialog("withdraw");
    await user.type(screen.getByLabelText("Amount"), "5");
    await user.click(screen.getByTestId("withdraw-submit"));
    await waitFor(() => expect(dialogOpen()).toBeNull());
    const [domain, types, value] = chain.signer.signTypedData.mock.calls[0] as unknown as [object, object, Record<string, unknown>];
    expect(domain).toEqual({ name: "DEGEN Casino", version: "1", chainId: 97n, verifyingContract: ADDRESSES.CasinoRelay });
    expect(Object.keys(types)).toEqual(["Withdraw"]);
    expect(value).toMatchObject({ player: PLAYER, token: ADDRESSES.DegenToken, amount: parseEther("5"), nonce: 3n, deadline: 4_000_000_900n });
    const [url, init] = withdrawCalls()[0] as [string, RequestInit];
    expect(url).toBe("/api/withdraw");
    expect(JSON.parse(init.body as string)).toEqual({
      walletAddress: PLAYER,
      token: "DEGEN",
      amount: "5",
      deadline: 4_000_000_900,
      signature: `0x${"11".repeat(65)}`,
    });
    expect(chain.signer.sendTransaction).not.toHaveBeenCalled();
    expect(chain.provider.waitForTransaction).toHaveBeenCalledWith(HASH, 1, expect.any(Number));
    expect(lastToast()).toMatchObject({ title: "Withdrawal Successful", variant: "success" });
    expect(useWalletStore.getState().refreshBalances).toHaveBeenCalled();
  });

  it("believes the chain, not the server: a transaction whose receipt shows no such withdrawal fails (issue #19, finding R2-12)", async () => {
    // The server says ok, naming a transaction that withdrew another player's funds (or none).
    chain.provider.waitForTransaction.mockImplementation(async (hash: string) =>
      receiptWith(hash, [["Withdrawn", ["0x" + "99".repeat(20), ADDRESSES.DegenToken, parseEther("5")]]]),
    );
    const { user } = openDialog("withdraw");
    await user.type(screen.getByLabelText("Amount"), "5");
    await user.click(screen.getByTestId("withdraw-submit"));
    expect(await screen.findByTestId("tx-failure")).toHaveTextContent(
      "The chain does not show this withdrawal: the transaction the server named (0xcdcdcdcd…cdcdcd) withdrew 0.00 DEGEN from your Casino balance, not 5.00 DEGEN.",
    );
    expect(screen.getByTestId("tx-step-relay")).toHaveTextContent("0xcdcdcdcd…cdcdcd");
    expect(lastToast()).toMatchObject({ title: "Withdrawal Failed", description: "Failed to process withdrawal" });
    expect(dialogOpen()).toBe("withdraw");
  });

  it("fails when the transaction the server names is another one, even one that withdrew as much (an earlier withdrawal)", async () => {
    chain.provider.getTransaction.mockImplementation(async (hash: string) => ({ hash, data: `0xabcdef${"22".repeat(65)}` }));
    const { user } = openDialog("withdraw");
    await user.type(screen.getByLabelText("Amount"), "5");
    await user.click(screen.getByTestId("withdraw-submit"));
    expect(await screen.findByTestId("tx-failure")).toHaveTextContent(
      "The transaction the server named (0xcdcdcdcd…cdcdcd) is not your request: it does not carry the signature you just gave.",
    );
    expect(lastToast()).toMatchObject({ title: "Withdrawal Failed" });
  });

  it("fails when the transaction the server names is not on the wallet's chain", async () => {
    chain.provider.waitForTransaction.mockRejectedValue(Object.assign(new Error("timeout"), { code: "TIMEOUT" }));
    const { user } = openDialog("withdraw");
    await user.type(screen.getByLabelText("Amount"), "5");
    await user.click(screen.getByTestId("withdraw-submit"));
    expect(await screen.findByTestId("tx-failure")).toHaveTextContent("The transaction the server named (0xcdcdcdcd…cdcdcd) is not on chain.");
    expect(lastToast()).toMatchObject({ title: "Withdrawal Failed" });
  });

  it("withdraws directly with the player's own transaction", async () => {
    const { user } = openDialog("withdraw");
    await user.click(screen.getByRole("radio", { name: "BNB" }));
    chain.contracts.casino.getBalance.mockResolvedValue(parseEther("1"));
    await user.type(screen.getByLabelText("Amount"), "0.25");
    await user.click(screen.getByTestId("withdraw-direct"));
    await waitFor(() => expect(dialogOpen()).toBeNull());
    expect(chain.contracts.casino.withdraw.populateTransaction).toHaveBeenCalledWith(ZeroAddress, parseEther("0.25"));
    expect(withdrawCalls()).toEqual([]);
    expect(lastToast()).toMatchObject({ title: "Withdrawal Successful" });
  });

  it("refuses more than the Casino balance before the wallet opens", async () => {
    const { user } = openDialog("withdraw");
    await user.type(screen.getByLabelText("Amount"), "51");
    await user.click(screen.getByTestId("withdraw-submit"));
    expect(await screen.findByTestId("tx-failure")).toHaveTextContent("Insufficient DEGEN balance");
    expect(lastToast()).toMatchObject({ title: "Withdrawal Failed", description: "Failed to process withdrawal", variant: "error" });
    expect(chain.signer.signTypedData).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in the dialog, and 'Withdrawal failed' when it gives none", async () => {
    answer(400, { error: "The signature has expired: sign again" });
    const { user } = openDialog("withdraw");
    await user.type(screen.getByLabelText("Amount"), "5");
    await user.click(screen.getByTestId("withdraw-submit"));
    expect(await screen.findByTestId("tx-failure")).toHaveTextContent("The signature has expired: sign again");
    expect(dialogOpen()).toBe("withdraw");
    withdrawAnswer = () => new Response("", { status: 502, statusText: "Bad Gateway" });
    await user.click(screen.getByTestId("withdraw-submit"));
    await waitFor(() => expect(screen.getByTestId("tx-failure")).toHaveTextContent(/^Withdrawal failed$/));
  });

  it("stays open without a toast when the signature is refused", async () => {
    chain.signer.signTypedData.mockRejectedValue({ code: "ACTION_REJECTED" });
    const { user } = openDialog("withdraw");
    await user.type(screen.getByLabelText("Amount"), "5");
    await user.click(screen.getByTestId("withdraw-submit"));
    await waitFor(() => expect(screen.getByTestId("tx-step-relay")).toHaveAttribute("data-phase", "cancelled"));
    expect(lastToast()).toBeUndefined();
    expect(withdrawCalls()).toEqual([]);
  });

  it("in demo mode says 'Please connect your wallet to withdraw funds'", async () => {
    useWalletStore.setState({ mode: "demo", account: null });
    const { user } = openDialog("withdraw");
    await user.type(screen.getByLabelText("Amount"), "5");
    await user.click(screen.getByTestId("withdraw-submit"));
    expect(await screen.findByTestId("tx-failure")).toHaveTextContent("Please connect your wallet to withdraw funds");
  });
});

describe("Withdraw dialog: what the server will not relay (issue #19, finding R2-8)", () => {
  const limit = (relay: object) => Object.assign(chain.config, { relay });

  it("offers the direct withdrawal below the server's minimum, with the reason, and Enter sends it", async () => {
    limit({ minAmount: { DEGEN: "1", BNB: "0.001" }, perAddressPerDay: 10 });
    quota = { perAddressPerDay: 10, used: 2, remaining: 8 };
    const { user } = openDialog("withdraw");
    await user.type(screen.getByLabelText("Amount"), "0.5");
    expect(await screen.findByTestId("relay-unavailable")).toHaveTextContent(
      "The Casino relays withdrawals of at least 1 DEGEN. Withdraw directly from your wallet instead: your own transaction, you pay the gas.",
    );
    expect(screen.queryByTestId("withdraw-submit")).toBeNull();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(dialogOpen()).toBeNull());
    expect(chain.contracts.casino.withdraw.populateTransaction).toHaveBeenCalledWith(ADDRESSES.DegenToken, parseEther("0.5"));
    expect(chain.signer.signTypedData).not.toHaveBeenCalled();
    expect(withdrawCalls()).toEqual([]);
    expect(lastToast()).toMatchObject({ title: "Withdrawal Successful" });
  });

  it("relays from the minimum up, per token", async () => {
    limit({ minAmount: { DEGEN: "1", BNB: "0.001" } });
    const { user } = openDialog("withdraw");
    await user.click(screen.getByRole("radio", { name: "BNB" }));
    await user.type(screen.getByLabelText("Amount"), "0.001");
    expect(await screen.findByTestId("withdraw-submit")).toBeInTheDocument();
    await user.clear(screen.getByLabelText("Amount"));
    await user.type(screen.getByLabelText("Amount"), "0.0009");
    expect(await screen.findByTestId("relay-unavailable")).toHaveTextContent("The Casino relays withdrawals of at least 0.001 BNB.");
  });

  it("offers only the direct withdrawal once the player's relays for 24 hours are used up (GET /api/relay/quota)", async () => {
    limit({ minAmount: { DEGEN: "1" }, perAddressPerDay: 10 });
    quota = { perAddressPerDay: 10, used: 10, remaining: 0 };
    openDialog("withdraw");
    expect(await screen.findByTestId("relay-unavailable")).toHaveTextContent(
      "This wallet has no relayed withdrawals or swaps left for the next 24 hours. Withdraw directly from your wallet instead: your own transaction, you pay the gas.",
    );
    expect(screen.getByTestId("withdraw-direct")).toHaveTextContent("Withdraw directly");
    expect(screen.queryByTestId("withdraw-submit")).toBeNull();
  });

  it("offers only the direct withdrawal when the server relays none (perAddressPerDay 0)", async () => {
    limit({ minAmount: { DEGEN: "1" }, perAddressPerDay: 0 });
    openDialog("withdraw");
    expect(await screen.findByTestId("relay-unavailable")).toHaveTextContent("The Casino relays no withdrawals at the moment.");
  });
});
