import { JACKPOT_BADGE } from "@/config/economics";
import { useWalletStore } from "./wallet-store";

/** A pool in whole DEGEN as the badges write it: 1.2M, 60K, 950. */
export function formatJackpot(amount: number): string {
  const compact = (value: number, unit: string) => `${Number(value.toFixed(1))}${unit}`;
  if (amount >= 1_000_000) return compact(amount / 1_000_000, "M");
  if (amount >= 1_000) return compact(amount / 1_000, "K");
  return String(Math.floor(amount));
}

/**
 * The jackpot figure of the lobby and game badges: the pool read from the Casino in web3 mode
 * (0 when the read failed, docs/product.md §7), the product's '1.2M' in demo mode.
 */
export function useJackpotLabel(): string {
  const pool = useWalletStore((state) => (state.mode === "web3" ? state.jackpotPool : null));
  return pool === null ? JACKPOT_BADGE : formatJackpot(Number(pool));
}
