import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { MaxUint256, parseEther, ZeroAddress } from "ethers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Casino__factory } from "@typechain/factories/contracts/Casino__factory";
import { useWalletDialog } from "../dialog-store";
import { useWalletStore } from "../wallet-store";
import { readyWallet } from "../web3";
import { connectWallet, dialogOpen, lastToast, openDialog } from "./dialog-harness";
import { ADDRESSES, fakeWallet } from "./fake-wallet";

vi.mock("../web3", () => ({ readyWallet: vi.fn() }));

let chain: ReturnType<typeof fakeWallet>["wallet"];

beforeEach(() => {
  vi.clearAllMocks();
  useWalletDialog.setState({ open: null });
  connectWallet();
  const fake = fakeWallet();
  chain = fake.wallet;
  vi.mocked(readyWallet).mockResolvedValue(fake.ready);
});

describe("Deposit dialog", () => {
  it("is a labelled modal with SPEC's amount input (number, step 0.01, min 0), focused on open; Escape closes it", async () => {
    const { user, dialog } = openDialog("deposit");
    expect(dialog).toHaveAttribute("aria-modal", "true");
    expect(screen.getByRole("dialog", { name: "Deposit" })).toBe(dialog);
    const input = within(dialog).getByLabelText("Amount");
    expect(input).toHaveAttribute("type", "number");
    expect(input).toHaveAttribute("step", "0.01");
    expect(input).toHaveAttribute("min", "0");
    expect(input).toHaveFocus();
    await user.keyboard("{Escape}");
    expect(dialogOpen()).toBeNull();
  });

  it.each(["", "0", "-5"])("refuses the amount %j with 'Invalid Amount' / 'Please enter a valid amount'", async (amount) => {
    const { user } = openDialog("deposit");
    if (amount) await user.type(screen.getByLabelText("Amount"), amount);
    await user.click(screen.getByTestId("deposit-submit"));
    expect(lastToast()).toMatchObject({ title: "Invalid Amount", description: "Please enter a valid amount", variant: "error" });
    expect(chain.contracts.degen.balanceOf).not.toHaveBeenCalled();
    expect(chain.signer.sendTransaction).not.toHaveBeenCalled();
    expect(dialogOpen()).toBe("deposit");
  });

  it("deposits DEGEN in two steps, approving exactly the amount, then clears and closes", async () => {
    chain.contracts.degen.balanceOf.mockResolvedValue(parseEther("100"));
    const { user } = openDialog("deposit");
    await user.type(screen.getByLabelText("Amount"), "10");
    await user.click(screen.getByTestId("deposit-submit"));
    await waitFor(() => expect(dialogOpen()).toBeNull());
    expect(chain.contracts.degen.approve.populateTransaction).toHaveBeenCalledWith(ADDRESSES.Casino, parseEther("10"));
    expect(chain.contracts.casino.deposit.populateTransaction).toHaveBeenCalledWith(ADDRESSES.DegenToken, parseEther("10"));
    expect(chain.signer.sendTransaction.mock.calls.map(([tx]) => (tx as { to: string }).to)).toEqual(["approve", "deposit"]);
    expect(lastToast()).toMatchObject({ title: "Deposit Successful", description: "Deposited 10 DEGEN", variant: "success" });
    expect(useWalletStore.getState().refreshBalances).toHaveBeenCalledTimes(2);
  });

  it("skips the approval when the allowance already covers the amount", async () => {
    chain.contracts.degen.balanceOf.mockResolvedValue(parseEther("100"));
    chain.contracts.degen.allowance.mockResolvedValue(parseEther("10"));
    const { user } = openDialog("deposit");
    await user.type(screen.getByLabelText("Amount"), "10");
    await user.click(screen.getByTestId("deposit-submit"));
    await waitFor(() => expect(dialogOpen()).toBeNull());
    expect(chain.contracts.degen.approve.populateTransaction).not.toHaveBeenCalled();
    expect(chain.signer.sendTransaction).toHaveBeenCalledOnce();
  });

  it("deposits BNB as the deposit's value", async () => {
    chain.provider.getBalance.mockResolvedValue(parseEther("2"));
    const { user } = openDialog("deposit");
    await user.click(screen.getByRole("radio", { name: "BNB" }));
    await user.type(screen.getByLabelText("Amount"), "0.5");
    await user.click(screen.getByTestId("deposit-submit"));
    await waitFor(() => expect(dialogOpen()).toBeNull());
    expect(chain.contracts.casino.deposit.populateTransaction).toHaveBeenCalledWith(ZeroAddress, parseEther("0.5"), { value: parseEther("0.5") });
    expect(lastToast()).toMatchObject({ title: "Deposit Successful", description: "Deposited 0.5 BNB" });
  });

  it("stays open without a toast when the player rejects in the wallet", async () => {
    chain.contracts.degen.balanceOf.mockResolvedValue(parseEther("100"));
    chain.signer.sendTransaction.mockRejectedValue({ code: 4001, message: "User rejected the request." });
    const { user } = openDialog("deposit");
    await user.type(screen.getByLabelText("Amount"), "10");
    await user.click(screen.getByTestId("deposit-submit"));
    await waitFor(() => expect(screen.getByTestId("tx-step-approve")).toHaveAttribute("data-phase", "cancelled"));
    expect(screen.getByTestId("tx-step-approve")).toHaveTextContent("Cancelled in your wallet");
    expect(lastToast()).toBeUndefined();
    expect(dialogOpen()).toBe("deposit");
    expect(screen.getByLabelText("Amount")).toHaveValue(10);
  });

  it("shows the decoded refusal in the dialog and SPEC's failure toast", async () => {
    chain.contracts.degen.balanceOf.mockResolvedValue(parseEther("100"));
    chain.contracts.degen.allowance.mockResolvedValue(parseEther("10"));
    const data = Casino__factory.createInterface().encodeErrorResult("ZeroAmount", []);
    chain.signer.estimateGas.mockRejectedValue(Object.assign(new Error("reverted"), { code: "CALL_EXCEPTION", data }));
    const { user } = openDialog("deposit");
    await user.type(screen.getByLabelText("Amount"), "10");
    await user.click(screen.getByTestId("deposit-submit"));
    expect(await screen.findByTestId("tx-failure")).toHaveTextContent("The amount must be greater than 0.");
    expect(lastToast()).toMatchObject({ title: "Deposit Failed", description: "Failed to process deposit", variant: "error" });
    expect(chain.signer.sendTransaction).not.toHaveBeenCalled();
  });

  it("says what the wallet holds when it holds too little, before any approval", async () => {
    chain.contracts.degen.balanceOf.mockResolvedValue(parseEther("3"));
    const { user } = openDialog("deposit");
    await user.type(screen.getByLabelText("Amount"), "10");
    await user.click(screen.getByTestId("deposit-submit"));
    expect(await screen.findByTestId("tx-failure")).toHaveTextContent("Your wallet holds only 3.00 DEGEN.");
    expect(chain.signer.sendTransaction).not.toHaveBeenCalled();
  });

  it("in demo mode says 'Please connect your wallet to deposit real funds'", async () => {
    useWalletStore.setState({ mode: "demo", account: null });
    const { user } = openDialog("deposit");
    await user.type(screen.getByLabelText("Amount"), "10");
    await user.click(screen.getByTestId("deposit-submit"));
    expect(await screen.findByTestId("tx-failure")).toHaveTextContent("Please connect your wallet to deposit real funds");
    expect(lastToast()).toMatchObject({ title: "Deposit Failed", description: "Failed to process deposit" });
    expect(readyWallet).not.toHaveBeenCalled();
  });
});

describe("Deposit dialog: a DEGEN allowance left over (issue #19, finding R2-12)", () => {
  it("shows what the Casino may still spend and resets it with approve(Casino, 0)", async () => {
    chain.contracts.degen.allowance.mockResolvedValueOnce(parseEther("12"));
    const { user } = openDialog("deposit");
    expect(await screen.findByTestId("allowance-left")).toHaveTextContent(
      "The Casino may still spend 12.00 DEGEN from your wallet, left from an earlier approval.",
    );
    await user.click(screen.getByTestId("allowance-reset"));
    await waitFor(() => expect(screen.getByTestId("tx-step-reset")).toHaveAttribute("data-phase", "confirmed"));
    expect(chain.contracts.degen.approve.populateTransaction).toHaveBeenCalledWith(ADDRESSES.Casino, 0n);
    expect(chain.signer.sendTransaction).toHaveBeenCalledOnce();
    // Read again from the chain afterwards: none left.
    expect(await screen.findByText("The Casino may spend none of the DEGEN in your wallet.")).toBeInTheDocument();
    expect(chain.contracts.degen.allowance).toHaveBeenCalledTimes(2);
    expect(dialogOpen()).toBe("deposit");
  });

  it("says so for an unlimited approval, and shows nothing when none is left", async () => {
    chain.contracts.degen.allowance.mockResolvedValueOnce(MaxUint256);
    openDialog("deposit");
    expect(await screen.findByTestId("allowance-left")).toHaveTextContent("The Casino may still spend an unlimited amount of DEGEN from your wallet");
    cleanup();
    openDialog("deposit");
    await waitFor(() => expect(chain.contracts.degen.allowance).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId("allowance-notice")).toBeNull();
  });

  it("offers the reset after a deposit cancelled between its approval and the deposit", async () => {
    chain.contracts.degen.balanceOf.mockResolvedValue(parseEther("100"));
    chain.signer.sendTransaction.mockImplementationOnce(async () => ({ hash: "0x01", wait: vi.fn(async () => ({ status: 1, hash: "0x01" })) }));
    chain.signer.sendTransaction.mockRejectedValueOnce({ code: 4001, message: "User rejected the request." });
    // Read on open, then by the deposit (nothing left yet); after the approval, its 10 DEGEN.
    chain.contracts.degen.allowance.mockResolvedValueOnce(0n).mockResolvedValueOnce(0n).mockResolvedValue(parseEther("10"));
    const { user } = openDialog("deposit");
    await user.type(screen.getByLabelText("Amount"), "10");
    await user.click(screen.getByTestId("deposit-submit"));
    await waitFor(() => expect(screen.getByTestId("tx-step-deposit")).toHaveAttribute("data-phase", "cancelled"));
    expect(await screen.findByTestId("allowance-left")).toHaveTextContent("The Casino may still spend 10.00 DEGEN from your wallet");
  });
});
