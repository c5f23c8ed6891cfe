import { useEffect, useState } from "react";
import { fromBaseUnits, MIN_BET as MIN_BET_WEI } from "@engine/tokens";
import type { Token } from "@/config/tokens";
import { loadAppConfig, type AppConfig } from "@/features/chain";
import { useOneClickStore } from "../one-click-store";
import { oneClickMinStake } from "../min-stake";

/**
 * The smallest one-click stake of `token` in whole tokens, for the bet input to show: only while an
 * open session covers the token, and only when it is above the Casino's minimum bet (which the
 * bet input shows anyway). The configuration is read only then.
 */
export function useOneClickMinimum(token: Token): number | null {
  const covered = useOneClickStore((state) => state.session?.tokens.includes(token) ?? false);
  const [config, setConfig] = useState<AppConfig | null>(null);
  useEffect(() => {
    if (!covered) return;
    let current = true;
    loadAppConfig().then(
      (loaded) => current && setConfig(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [covered]);
  const floor = covered && config ? oneClickMinStake(config, token) : null;
  return floor !== null && floor > MIN_BET_WEI[token] ? fromBaseUnits(floor) : null;
}
