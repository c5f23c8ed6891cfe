import { Button } from "@/components/ui/button";
import { formatTokenAmount } from "@/config/tokens";
import { shortenAddress, useWallet } from "@/features/wallet";
import { toast } from "@/features/toast";

/** SPEC §2 'Header wallet widget'. Deposit, withdraw and swap arrive with the web3 layer. */
export function WalletWidget() {
  const { account, balance, isLoading, connect, disconnect } = useWallet();

  if (account === null) {
    return (
      <Button
        variant="primary"
        size="md"
        disabled={isLoading}
        data-testid="connect-wallet"
        onClick={() =>
          connect().catch(() => toast({ title: "Connection Failed", description: "Failed to connect wallet", variant: "error" }))
        }
      >
        <span>{isLoading ? "Connecting…" : <>Connect<span className="hidden sm:inline"> Wallet</span></>}</span>
      </Button>
    );
  }

  return (
    <div className="flex items-center gap-2" data-testid="wallet-connected">
      <div className="hidden flex-col items-end text-xs leading-tight tabular-nums md:flex">
        <span className="text-gold">{formatTokenAmount("DEGEN", balance.DEGEN)} DEGEN</span>
        <span className="text-cyan">{formatTokenAmount("BNB", balance.BNB)} BNB</span>
      </div>
      <span className="rounded-xl border border-white/15 bg-white/5 px-3 py-2 font-mono text-xs text-slate-200" title={account}>
        {shortenAddress(account)}
      </span>
      <Button variant="ghost" size="sm" onClick={disconnect}>
        Disconnect
      </Button>
    </div>
  );
}
