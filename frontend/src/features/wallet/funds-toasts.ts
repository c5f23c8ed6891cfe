import type { Token } from "@/config/tokens";
import { toast } from "@/features/toast";

// docs/product.md §5 and §8 'Wallet toasts' for the wallet dialogs, word for word.

export function announceInvalidAmount(): void {
  toast({ title: "Invalid Amount", description: "Please enter a valid amount", variant: "error" });
}

export function announceInvalidSwap(): void {
  toast({ title: "Invalid Swap", description: "Please select different tokens to swap", variant: "error" });
}

export function announceDeposited(amount: string, token: Token): void {
  toast({ title: "Deposit Successful", description: `Deposited ${amount} ${token}` });
}

export function announceDepositFailed(): void {
  toast({ title: "Deposit Failed", description: "Failed to process deposit", variant: "error" });
}

/** The product gives the success toast a title only. */
export function announceWithdrawn(): void {
  toast({ title: "Withdrawal Successful" });
}

export function announceWithdrawalFailed(): void {
  toast({ title: "Withdrawal Failed", description: "Failed to process withdrawal", variant: "error" });
}

export function announceSwapped(amount: string, from: Token, out: string, to: Token): void {
  toast({ title: "Swap Successful", description: `Swapped ${amount} ${from} for ${out} ${to}` });
}

/** docs/product.md: the failure toast shows the error's message, else 'Failed to process swap'. */
export function announceSwapFailed(message: string | undefined): void {
  toast({ title: "Swap Failed", description: message || "Failed to process swap", variant: "error" });
}
