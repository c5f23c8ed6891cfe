// @vitest-environment node
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Casino__factory } from "@typechain/factories/contracts/Casino__factory";
import { useWalletStore } from "../wallet-store";
import { ExplainedError } from "../web3/explain";
import { sendTransaction, TxCancelled, withGasHeadroom, type TxUpdate } from "../web3/transactions";
import { fakeWallet } from "./fake-wallet";

const REQUEST = { to: "0x00000000000000000000000000000000000000C1", data: "0x1234" };

function recorder() {
  const updates: TxUpdate[] = [];
  return { updates, report: (update: TxUpdate) => updates.push(update), phases: () => updates.map((update) => update.phase) };
}

beforeEach(() => {
  useWalletStore.setState({ refreshBalances: vi.fn(async () => undefined) });
});

describe("transactions", () => {
  it("gives gas limits 25 % headroom over the estimate", () => {
    expect(withGasHeadroom(100_000n)).toBe(125_000n);
    expect(withGasHeadroom(3n)).toBe(4n);
  });

  it("simulates, waits for the wallet, shows the pending hash with its explorer link, confirms and re-reads balances", async () => {
    const { wallet, ready } = fakeWallet();
    const { updates, report, phases } = recorder();
    await sendTransaction(ready, REQUEST, report);
    expect(phases()).toEqual(["checking", "waiting-for-wallet", "pending", "confirmed"]);
    expect(wallet.signer.sendTransaction).toHaveBeenCalledWith({ ...REQUEST, gasLimit: 125_000n });
    const hash = `0x${"ab".repeat(32)}`;
    expect(updates[2]).toEqual({ phase: "pending", hash, explorerUrl: `https://testnet.bscscan.com/tx/${hash}` });
    expect(useWalletStore.getState().refreshBalances).toHaveBeenCalledOnce();
  });

  it("decodes a revert at the simulation and never opens the wallet", async () => {
    const { wallet, ready } = fakeWallet();
    const data = Casino__factory.createInterface().encodeErrorResult("ZeroAmount", []);
    wallet.signer.estimateGas.mockRejectedValue(Object.assign(new Error("execution reverted"), { code: "CALL_EXCEPTION", data }));
    const { updates, report } = recorder();
    await expect(sendTransaction(ready, REQUEST, report)).rejects.toBeInstanceOf(ExplainedError);
    expect(updates.at(-1)).toEqual({ phase: "failed", reason: { message: "The amount must be greater than 0." } });
    expect(wallet.signer.sendTransaction).not.toHaveBeenCalled();
  });

  it.each([
    ["EIP-1193 4001", { code: 4001, message: "User rejected the request." }],
    ["ethers ACTION_REJECTED", { code: "ACTION_REJECTED", message: "user rejected action" }],
  ])("turns a refusal in the wallet (%s) into a quiet cancel", async (_, refusal) => {
    const { wallet, ready } = fakeWallet();
    wallet.signer.sendTransaction.mockRejectedValue(refusal);
    const { phases, report } = recorder();
    await expect(sendTransaction(ready, REQUEST, report)).rejects.toBeInstanceOf(TxCancelled);
    expect(phases()).toEqual(["checking", "waiting-for-wallet", "cancelled"]);
    expect(useWalletStore.getState().refreshBalances).not.toHaveBeenCalled();
  });

  it("fails a transaction the chain reverted after it was sent", async () => {
    const { wallet, ready } = fakeWallet();
    wallet.signer.sendTransaction.mockResolvedValue({ hash: "0xfeed", wait: vi.fn(async () => ({ status: 0, hash: "0xfeed" })) });
    const { updates, report } = recorder();
    await expect(sendTransaction(ready, REQUEST, report)).rejects.toThrow("The transaction failed on chain.");
    expect(updates.at(-1)).toMatchObject({ phase: "failed" });
  });
});
