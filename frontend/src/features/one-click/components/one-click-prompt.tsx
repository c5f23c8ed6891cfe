import { Button } from "@/components/ui/button";
import { BoltIcon } from "@/components/ui/icons";
import { formatTokenAmount } from "@/config/tokens";
import { useWallet, useWalletDialog, useWalletStore } from "@/features/wallet";
import { useOneClickStore } from "../one-click-store";

/** Beside each game's bet button in web3 mode: one-click play is on, with what its session holds, or one click away. */
export function OneClickPrompt() {
  const { isDemo, wrongNetwork } = useWallet();
  const session = useOneClickStore((state) => state.session);
  const funds = useWalletStore((state) => (session ? state.laneFunds[session.lane] : undefined));
  const show = useWalletDialog((state) => state.show);
  if (isDemo || wrongNetwork) return null;
  if (session) {
    const held = session.tokens.map((token) => `${formatTokenAmount(token, Number(funds?.[token] ?? "0"))} ${token}`).join(" · ");
    return (
      <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-cyan" data-testid="one-click-on">
        <BoltIcon className="size-4" />
        One-click play is on: no wallet popup per bet.
        <span className="text-slate-300" data-testid="one-click-on-funds">
          In the session: {held}.
        </span>
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
