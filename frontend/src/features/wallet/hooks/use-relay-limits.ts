import { useEffect, useState } from "react";
import { loadRelayLimits, type RelayLimits } from "../relay-limits";
import { readyWallet } from "../web3";

const NO_LIMITS: RelayLimits = { minAmount: {}, perDay: null, remaining: null };

/** The server's relay limits (its configuration, as the wallet layer checked it, and the player's quota now); none until known. */
export function useRelayLimits(): RelayLimits {
  const [limits, setLimits] = useState<RelayLimits>(NO_LIMITS);
  useEffect(() => {
    let current = true;
    readyWallet()
      .then((wallet) => loadRelayLimits(wallet.config))
      .then(
        (loaded) => current && setLimits(loaded),
        // Not ready (demo mode, another network): the withdrawal itself says why.
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, []);
  return limits;
}
