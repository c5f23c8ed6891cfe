import { screen, waitFor, within } from "@testing-library/react";
import { id, parseEther } from "ethers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CasinoSwap__factory } from "@typechain/factories/contracts/CasinoSwap__factory";
import { useWalletDialog } from "../dialog-store";
import { readyWallet } from "../web3";
import { swapTokens } from "../web3/swap";
import { connectWallet, dialogOpen, lastToast, openDialog } from "./dialog-harness";
import { ADDRESSES, fakeWallet, PLAYER, receiptWith } from "./fake-wallet";

vi.mock("../web3", () => ({ readyWallet: vi.fn() }));

const SWAP_TYPE = "Swap(address player,address fromToken,address toToken,uint256 amount,uint256 minAmountOut,uint256 nonce,uint256 deadline)";
let chain: ReturnType<typeof fakeWallet>["wallet"];
let server: ReturnType<typeof vi.fn>;

beforeEach(() => {
  vi.clearAllMocks();
  useWalletDialog.setState({ open: null });
  connectWallet({ DEGEN: "1000" });
  const fake = fakeWallet();
  chain = fake.wallet;
  chain.contracts.casino.getBalance.mockResolvedValue(parseEther("1000"));
  // The desk's rate: 10,000 DEGEN a BNB; a swap may pay at most 10 BNB.
  chain.contracts.swapDesk.quote.mockImplementation(async (_from: string, amount: bigint) => [amount / 10_000n, parseEther("10")]);
  chain.contracts.relay.eip712Domain.mockResolvedValue({ name: "DEGEN Casino", version: "1", chainId: 97n, verifyingContract: ADDRESSES.CasinoRelay });
  chain.contracts.relay.SWAP_TYPEHASH.mockResolvedValue(id(SWAP_TYPE));
  vi.mocked(readyWallet).mockResolvedValue(fake.ready);
  // The server's answer claims far more than the chain paid: the dialog must say what the chain says.
  server = vi.fn(async () => new Response(JSON.stringify({ ok: true, txHash: `0x${"ef".repeat(32)}`, amountOut: "999" }), { status: 200 }));
  vi.stubGlobal("fetch", server);
  chain.provider.waitForTransaction.mockImplementation(async (hash: string) =>
    receiptWith(hash, [["Swapped", [PLAYER, ADDRESSES.DegenToken, parseEther("100"), parseEther("0.01")]]]),
  );
});

afterEach(() => vi.unstubAllGlobals());

const fromSwitch = () => within(screen.getByTestId("swap-from"));
const toSwitch = () => within(screen.getByTestId("swap-to"));

describe("Swap Tokens dialog", () => {
  it("has from- and to-token selectors and SPEC's amount input", () => {
    openDialog("swap");
    expect(screen.getByRole("dialog", { name: "Swap Tokens" })).toBeInTheDocument();
    expect(fromSwitch().getByRole("radiogroup", { name: "From" })).toBeInTheDocument();
    expect(toSwitch().getByRole("radiogroup", { name: "To" })).toBeInTheDocument();
    expect(screen.getByLabelText("Amount")).toHaveAttribute("step", "0.01");
    expect(screen.getByLabelText("Amount")).toHaveAttribute("min", "0");
  });

  it.each(["", "0", "-3"])("refuses the amount %j with 'Invalid Amount' / 'Please enter a valid amount'", async (amount) => {
    const { user } = openDialog("swap");
    if (amount) await user.type(screen.getByLabelText("Amount"), amount);
    await user.click(screen.getByTestId("swap-submit"));
    expect(lastToast()).toMatchObject({ title: "Invalid Amount", description: "Please enter a valid amount" });
  });

  it("refuses two equal tokens with 'Invalid Swap' / 'Please select different tokens to swap'", async () => {
    const { user } = openDialog("swap");
    await user.click(toSwitch().getByRole("radio", { name: "DEGEN" }));
    await user.type(screen.getByLabelText("Amount"), "100");
    await user.click(screen.getByTestId("swap-submit"));
    expect(lastToast()).toMatchObject({ title: "Invalid Swap", description: "Please select different tokens to swap", variant: "error" });
    expect(server).not.toHaveBeenCalled();
  });

  it("shows the quote and the cap before confirming, then swaps for the player's signature accepting that quote", async () => {
    const { user } = openDialog("swap");
    await user.type(screen.getByLabelText("Amount"), "100");
    expect(await screen.findByTestId("swap-quote-out")).toHaveTextContent("0.0100 BNB");
    expect(screen.getByTestId("swap-quote-cap")).toHaveTextContent("10.0000 BNB");
    expect(screen.queryByTestId("swap-above-cap")).not.toBeInTheDocument();
    await user.click(screen.getByTestId("swap-submit"));
    await waitFor(() => expect(dialogOpen()).toBeNull());
    const [, , value] = chain.signer.signTypedData.mock.calls[0] as unknown as [object, object, Record<string, unknown>];
    expect(value).toMatchObject({ player: PLAYER, fromToken: ADDRESSES.DegenToken, amount: parseEther("100"), minAmountOut: parseEther("0.01") });
    const [url, init] = server.mock.calls[0] as [string, RequestInit];
    expect(url).toBe("/api/swap");
    expect(JSON.parse(init.body as string)).toMatchObject({ walletAddress: PLAYER, fromToken: "DEGEN", toToken: "BNB", amount: "100", minAmountOut: "0.01" });
    expect(lastToast()).toMatchObject({ title: "Swap Successful", description: "Swapped 100 DEGEN for 0.0100 BNB" });
  });

  it("fails when the receipt of the transaction the server names shows no such swap (issue #19, finding R2-12)", async () => {
    chain.provider.waitForTransaction.mockImplementation(async (hash: string) => receiptWith(hash, []));
    const { user } = openDialog("swap");
    await user.type(screen.getByLabelText("Amount"), "100");
    await screen.findByTestId("swap-quote-out");
    await user.click(screen.getByTestId("swap-submit"));
    const sentence = "The chain does not show this swap: the transaction the server named (0xefefefef…efefef) did not swap your DEGEN.";
    expect(await screen.findByTestId("tx-failure")).toHaveTextContent(sentence);
    expect(lastToast()).toMatchObject({ title: "Swap Failed", description: sentence });
  });

  it("shows DEGEN output with 0 decimals", async () => {
    const { user } = openDialog("swap");
    await user.click(fromSwitch().getByRole("radio", { name: "BNB" }));
    await user.click(toSwitch().getByRole("radio", { name: "DEGEN" }));
    chain.contracts.swapDesk.quote.mockResolvedValue([parseEther("12345.678"), parseEther("50000")]);
    await user.type(screen.getByLabelText("Amount"), "1.2345678");
    expect(await screen.findByTestId("swap-quote-out")).toHaveTextContent(/^12345 DEGEN$/);
  });

  it("warns above the cap, and the chain's refusal is the failure toast's message", async () => {
    chain.contracts.swapDesk.quote.mockResolvedValue([parseEther("60000"), parseEther("50000")]);
    const data = CasinoSwap__factory.createInterface().encodeErrorResult("SwapAboveCap", [parseEther("60000"), parseEther("50000")]);
    chain.contracts.swapDesk.swap.staticCall.mockRejectedValue(Object.assign(new Error("reverted"), { code: "CALL_EXCEPTION", data }));
    chain.contracts.casino.getBalance.mockResolvedValue(parseEther("10"));
    const { user } = openDialog("swap");
    await user.click(fromSwitch().getByRole("radio", { name: "BNB" }));
    await user.click(toSwitch().getByRole("radio", { name: "DEGEN" }));
    await user.type(screen.getByLabelText("Amount"), "6");
    expect(await screen.findByTestId("swap-above-cap")).toHaveTextContent("Above the cap: a swap can pay at most 50000 DEGEN right now.");
    await user.click(screen.getByTestId("swap-submit"));
    const sentence = "This swap would pay 60000.00 DEGEN, above the per-swap cap of 50000.00 DEGEN.";
    expect(await screen.findByTestId("tx-failure")).toHaveTextContent(sentence);
    expect(lastToast()).toMatchObject({ title: "Swap Failed", description: sentence, variant: "error" });
    expect(chain.signer.signTypedData).not.toHaveBeenCalled();
    expect(dialogOpen()).toBe("swap");
  });

  it("shows the server's refusal as the failure toast's message", async () => {
    server.mockResolvedValue(new Response(JSON.stringify({ error: "The swap is above what the daily cap has left" }), { status: 400 }));
    const { user } = openDialog("swap");
    await user.type(screen.getByLabelText("Amount"), "100");
    await user.click(screen.getByTestId("swap-submit"));
    await waitFor(() => expect(lastToast()).toMatchObject({ title: "Swap Failed", description: "The swap is above what the daily cap has left" }));
  });
});

describe("swap, wallet layer (SPEC §5)", () => {
  const report = () => undefined;
  it("refuses an amount of 0: 'Invalid swap amount'", async () => {
    await expect(swapTokens("DEGEN", "BNB", 0n, null, report)).rejects.toThrow("Invalid swap amount");
  });
  it("refuses the same token: 'Cannot swap same token'", async () => {
    await expect(swapTokens("BNB", "BNB", 1n, null, report)).rejects.toThrow("Cannot swap same token");
  });
  it("refuses more than the source balance: 'Insufficient {token} balance'", async () => {
    await expect(swapTokens("DEGEN", "BNB", parseEther("1000.01"), null, report)).rejects.toThrow("Insufficient DEGEN balance");
    chain.contracts.casino.getBalance.mockResolvedValue(0n);
    await expect(swapTokens("BNB", "DEGEN", 1n, null, report)).rejects.toThrow("Insufficient BNB balance");
  });
});
