import { useEffect, useState } from "react";
import { relayLimitsOf, type RelayLimits } from "../relay-limits";
import { readyWallet } from "../web3";

const NO_LIMITS: RelayLimits = { minAmount: {}, dailyQuota: null, usedToday: null };

/** The server's relay limits from the configuration the wallet layer uses; none until known. */
export function useRelayLimits(): RelayLimits {
  const [limits, setLimits] = useState<RelayLimits>(NO_LIMITS);
  useEffect(() => {
    let current = true;
    readyWallet().then(
      (wallet) => current && setLimits(relayLimitsOf(wallet.config)),
      // Not ready (demo mode, another network): the withdrawal itself says why.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return limits;
}
