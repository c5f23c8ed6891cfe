import type { Token } from "@/config/tokens";

// docs/product.md §7 and §8 'Wallet layer messages' for the player's funds, word for word.

export const DEPOSIT_NEEDS_WALLET = "Please connect your wallet to deposit real funds";
export const WITHDRAW_NEEDS_WALLET = "Please connect your wallet to withdraw funds";
export const WEB3_NEEDS_WALLET = "Please connect your wallet for Web3 mode";
export const WITHDRAWAL_FAILED = "Withdrawal failed";
export const SWAP_FAILED = "Swap failed";
export const INVALID_SWAP_AMOUNT = "Invalid swap amount";
export const SAME_TOKEN_SWAP = "Cannot swap same token";
export const insufficientBalance = (token: Token) => `Insufficient ${token} balance`;
