import { Wallet } from "ethers";
import type { TestChain } from "./chain";
import { DEV_KEYS } from "./chain";

/** The settler of every test deployment (Hardhat dev account #1). */
export const SETTLER_ADDRESS = new Wallet(DEV_KEYS[1]).address;

/** Transactions the settler has sent so far (its nonce, pending ones included). */
export function settlerTransactions(chain: TestChain): Promise<number> {
  return chain.provider.getTransactionCount(SETTLER_ADDRESS, "pending");
}
