import { useEffect, useState } from "react";
import type { Token } from "@/config/tokens";
import { readyWallet } from "../web3";
import { tokenAddress } from "../web3/contracts";

/** What a live one-click session holds in the vault: its largest bet, until when (unix seconds). */
export interface SessionHold {
  held: bigint;
  until: number;
}

/**
 * CasinoSessions.heldOf for the wallet and `token`, read when asked (null: nothing held, or not
 * known). A withdrawal that would leave less in the vault is refused (BalanceHeld), so the dialog
 * says how much of the balance can leave.
 */
export function useSessionHold(token: Token): SessionHold | null {
  const [hold, setHold] = useState<SessionHold | null>(null);
  useEffect(() => {
    let current = true;
    readyWallet()
      .then((wallet) => wallet.contracts.sessions.heldOf(wallet.account, tokenAddress(wallet.config, token)))
      .then(
        ([held, until]) => current && setHold(held === 0n ? null : { held, until: Number(until) }),
        // Not ready (demo mode, another network): the withdrawal itself says why.
        () => current && setHold(null),
      );
    return () => {
      current = false;
    };
  }, [token]);
  return hold;
}
