import { lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { loadChooseWalletDialog, shortenAddress, useWallet, useWalletDiscovery } from "@/features/wallet";

/** The connect dialog, for a browser with more than one wallet, loads when first needed. */
const ChooseWalletDialog = lazy(loadChooseWalletDialog);
/** Balances, the wallet menu and its dialogs load once a wallet is connected (connecting loads the wallet code anyway). */
const ConnectedWallet = lazy(() => import("./connected-wallet"));

/** docs/product.md §2 'Header wallet widget': a connect button, or balances and the wallet menu. */
export function WalletWidget() {
  const { account, mode, isLoading, restoring, connect, wrongNetwork } = useWallet();
  const choosing = useWalletDiscovery((state) => state.choosing);

  if (mode !== "web3" || account === null) {
    return (
      <>
        <ConnectButton isLoading={isLoading || restoring} connect={connect} />
        {choosing && (
          <Suspense fallback={null}>
            <ChooseWalletDialog />
          </Suspense>
        )}
      </>
    );
  }

  return (
    <Suspense fallback={<AddressPlaceholder account={account} />}>
      <ConnectedWallet account={account} wrongNetwork={wrongNetwork} />
    </Suspense>
  );
}

/** The wallet menu's button as it will look, while the connected header loads. */
function AddressPlaceholder({ account }: { account: string }) {
  return (
    <span className="whitespace-nowrap rounded-xl border border-white/15 bg-white/5 px-3 py-2 font-mono text-xs text-slate-200">{shortenAddress(account)}</span>
  );
}

function ConnectButton({ isLoading, connect }: { isLoading: boolean; connect: () => Promise<void> }) {
  return (
    <Button
      variant="primary"
      size="md"
      disabled={isLoading}
      data-testid="connect-wallet"
      // The wallet layer shows the product's toasts; a failure has nothing more to tell here.
      onClick={() => connect().catch(() => undefined)}
    >
      <span>
        {isLoading ? (
          "Connecting…"
        ) : (
          <>
            Connect<span className="hidden sm:inline"> Wallet</span>
          </>
        )}
      </span>
    </Button>
  );
}
