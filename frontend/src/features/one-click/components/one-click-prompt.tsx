import { Button } from "@/components/ui/button";
import { BoltIcon } from "@/components/ui/icons";
import { useWallet, useWalletDialog } from "@/features/wallet";
import { useOneClickStore } from "../one-click-store";

/** Beside each game's bet button in web3 mode: one-click play is on, or one click away. */
export function OneClickPrompt() {
  const { isDemo, wrongNetwork } = useWallet();
  const on = useOneClickStore((state) => state.session !== null);
  const show = useWalletDialog((state) => state.show);
  if (isDemo || wrongNetwork) return null;
  if (on) {
    return (
      <p className="flex items-center gap-1.5 text-xs text-cyan" data-testid="one-click-on">
        <BoltIcon className="size-4" />
        One-click play is on: no wallet popup per bet.
      </p>
    );
  }
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-cyan/30 bg-cyan/5 px-3 py-2 text-xs text-slate-300">
      <span>Sign once, then bet without a wallet popup.</span>
      <Button size="sm" variant="secondary" data-testid="one-click-turn-on" onClick={() => show("one-click")}>
        <BoltIcon className="size-4 text-cyan" />
        One-click play
      </Button>
    </div>
  );
}
