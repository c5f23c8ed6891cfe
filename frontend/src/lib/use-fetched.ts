import { useEffect, useState } from "react";
import { apiRequest, serverErrorText } from "./api-client";

export type Fetched<T> = { status: "loading"; data: T | null } | { status: "ready"; data: T } | { status: "error"; data: T | null; error: string };

/**
 * GET of a JSON answer that follows its URL: the last answer stays shown while the next loads, and
 * an answer to a URL no longer wanted is dropped.
 */
export function useFetched<T>(url: string): Fetched<T> {
  const [state, setState] = useState<Fetched<T>>({ status: "loading", data: null });
  useEffect(() => {
    let current = true;
    setState((previous) => ({ status: "loading", data: previous.data }));
    apiRequest<T>("GET", url).then(
      (data) => current && setState({ status: "ready", data }),
      (error: unknown) =>
        current && setState((previous) => ({ status: "error", data: previous.data, error: serverErrorText(error) ?? (error as Error).message })),
    );
    return () => {
      current = false;
    };
  }, [url]);
  return state;
}
