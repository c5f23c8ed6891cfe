import { useCallback, useEffect, useState } from "react";
import { useWalletStore } from "../wallet-store";
import { readCasinoAllowance } from "../web3/allowance";

/** The Casino's DEGEN allowance from the player's wallet in web3 mode, read on open and whenever `reread` is called; null until read. */
export function useCasinoAllowance(): { allowance: bigint | null; reread: () => void } {
  const web3 = useWalletStore((state) => state.mode === "web3");
  const [allowance, setAllowance] = useState<bigint | null>(null);
  const [reads, setReads] = useState(0);

  useEffect(() => {
    if (!web3) return;
    let current = true;
    readCasinoAllowance().then(
      (value) => current && setAllowance(value),
      // Nothing to offer when it cannot be read (another network, the node away): the deposit says why.
      () => current && setAllowance(null),
    );
    return () => {
      current = false;
    };
  }, [web3, reads]);

  const reread = useCallback(() => setReads((count) => count + 1), []);
  return { allowance, reread };
}
