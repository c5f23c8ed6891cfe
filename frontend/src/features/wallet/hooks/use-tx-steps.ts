import { useCallback, useState } from "react";
import type { TxReport, TxUpdate } from "../web3/transactions";

export interface TxStepView extends TxUpdate {
  key: string;
  label: string;
}

/**
 * The progress of one action's steps, for <TxProgress>: `start` lays the steps out (all idle)
 * and hands back one reporter per step for the wallet code to call.
 */
export function useTxSteps() {
  const [steps, setSteps] = useState<TxStepView[]>([]);

  const start = useCallback(<Key extends string>(labels: Record<Key, string>): Record<Key, TxReport> => {
    const keys = Object.keys(labels) as Key[];
    setSteps(keys.map((key) => ({ key, label: labels[key], phase: "idle" })));
    const reporters = {} as Record<Key, TxReport>;
    for (const key of keys) {
      reporters[key] = (update) => setSteps((current) => current.map((step) => (step.key === key ? { ...step, ...update } : step)));
    }
    return reporters;
  }, []);

  return { steps, start };
}
