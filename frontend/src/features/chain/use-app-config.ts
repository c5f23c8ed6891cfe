import { useEffect, useState } from "react";
import { loadAppConfig, type AppConfig } from "./app-config";

export type AppConfigState = { status: "loading" } | { status: "ready"; config: AppConfig } | { status: "unavailable" };

/**
 * The server's configuration as this build accepts it (loadAppConfig: checked against the pins),
 * for texts that name the chain and the contracts: unavailable when it cannot be read or is refused.
 */
export function useAppConfig(): AppConfigState {
  const [state, setState] = useState<AppConfigState>({ status: "loading" });
  useEffect(() => {
    let current = true;
    loadAppConfig().then(
      (config) => current && setState({ status: "ready", config }),
      () => current && setState({ status: "unavailable" }),
    );
    return () => {
      current = false;
    };
  }, []);
  return state;
}
