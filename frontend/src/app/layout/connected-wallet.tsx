import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { formatTokenAmount } from "@/config/tokens";
import { loadSessionBadge, useOneClickStore } from "@/features/one-click";
import { UsdValue } from "@/features/prices";
import { playerPath } from "@/features/stats";
import { shortenAddress, useWalletStore, useWalletDialog, type WalletDialog } from "@/features/wallet";
import { useDismiss } from "@/lib/use-dismiss";

/** The dialogs and their wallet code load with the first one opened. */
const WalletDialogs = lazy(() => import("./wallet-dialogs"));
/** One-click play's header badge and its signing code load only while a session is open. */
const SessionBadge = lazy(loadSessionBadge);

/** docs/product.md §2 'Header wallet widget' once connected: the vault's balances (or the wrong network), and the wallet menu. */
export default function ConnectedWallet({ account, wrongNetwork }: { account: string; wrongNetwork: boolean }) {
  const dialog = useWalletDialog((state) => state.open);
  return (
    <div className="flex items-center gap-2" data-testid="wallet-connected">
      {!wrongNetwork && <OneClickBadge />}
      {wrongNetwork ? <WrongNetworkButton /> : <VaultBalances />}
      <WalletMenu account={account} />
      {dialog !== null && (
        <Suspense fallback={null}>
          <WalletDialogs />
        </Suspense>
      )}
    </div>
  );
}

function OneClickBadge() {
  const open = useOneClickStore((state) => state.session !== null);
  return open ? (
    <Suspense fallback={null}>
      <SessionBadge />
    </Suspense>
  ) : null;
}

function VaultBalances() {
  const balances = useWalletStore((state) => state.onChainBalances);
  return (
    <div className="hidden flex-col items-end text-xs leading-tight tabular-nums md:flex" data-testid="vault-balances" title="Your Casino balance">
      <span className="text-gold">
        {formatTokenAmount("DEGEN", Number(balances.DEGEN))} DEGEN <UsdValue token="DEGEN" amount={balances.DEGEN} />
      </span>
      <span className="text-cyan">
        {formatTokenAmount("BNB", Number(balances.BNB))} BNB <UsdValue token="BNB" amount={balances.BNB} />
      </span>
    </div>
  );
}

/** Every on-chain action waits for the server's chain: one click asks the wallet to switch (or add it). */
function WrongNetworkButton() {
  const switchNetwork = useWalletStore((state) => state.switchNetwork);
  const target = useWalletStore((state) => state.targetChain);
  return (
    <Button
      variant="ghost"
      size="md"
      data-testid="wrong-network"
      className="border border-ember/70 bg-ember/15 font-semibold text-ember hover:bg-ember/25 hover:text-ember"
      title={target ? `Switch your wallet to ${target.name}` : undefined}
      onClick={() => switchNetwork().catch((error: unknown) => console.info("Network switch not done", error))}
    >
      Wrong network
    </Button>
  );
}

const MENU: { dialog: WalletDialog; label: string }[] = [
  { dialog: "deposit", label: "Deposit" },
  { dialog: "withdraw", label: "Withdraw" },
  { dialog: "swap", label: "Swap Tokens" },
  { dialog: "account", label: "Account" },
];

function WalletMenu({ account }: { account: string }) {
  const [open, setOpen] = useState(false);
  const closeMenu = useCallback(() => setOpen(false), []);
  const show = useWalletDialog((state) => state.show);
  const disconnect = useWalletStore((state) => state.disconnect);
  const walletBalances = useWalletStore((state) => state.walletBalances);
  const chain = useWalletStore((state) => state.targetChain);
  const oneClickOn = useOneClickStore((state) => state.session !== null);
  const menu = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useDismiss(open, menu, closeMenu);

  const choose = (action: () => void) => {
    setOpen(false);
    action();
  };

  return (
    <div className="relative" ref={menu}>
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid="wallet-menu-button"
        title={account}
        onClick={() => setOpen((value) => !value)}
        // One line on a phone: the brand beside it truncates instead.
        className="whitespace-nowrap rounded-xl border border-white/15 bg-white/5 px-3 py-2 font-mono text-xs text-slate-200 transition hover:border-cyan/60"
      >
        {shortenAddress(account)}
      </button>
      {open && (
        // A solid background: over the lobby's hero on a phone, the translucent card let the page's text show through the menu.
        <div role="menu" data-testid="wallet-menu" className="glass-card absolute right-0 z-50 mt-2 w-60 bg-night-900 p-2 shadow-2xl">
          <div className="px-3 pb-2 pt-1 text-xs text-slate-400" data-testid="wallet-holdings">
            <div className="mb-1 text-slate-300">In your wallet{chain ? ` on ${chain.name}` : ""}</div>
            <div className="tabular-nums text-gold">
              {formatTokenAmount("DEGEN", Number(walletBalances.DEGEN))} DEGEN <UsdValue token="DEGEN" amount={walletBalances.DEGEN} />
            </div>
            <div className="tabular-nums text-cyan">
              {formatTokenAmount("BNB", Number(walletBalances.BNB))} BNB <UsdValue token="BNB" amount={walletBalances.BNB} />
            </div>
          </div>
          {MENU.map(({ dialog, label }) => (
            <MenuItem key={dialog} onSelect={() => choose(() => show(dialog))}>
              {label}
            </MenuItem>
          ))}
          {!oneClickOn && <MenuItem onSelect={() => choose(() => show("one-click"))}>One-click play</MenuItem>}
          <MenuItem onSelect={() => choose(() => navigate(playerPath(account)))}>My stats</MenuItem>
          <MenuItem onSelect={() => choose(() => void disconnect())}>Disconnect</MenuItem>
        </div>
      )}
    </div>
  );
}

function MenuItem({ children, onSelect }: { children: string; onSelect: () => void }) {
  return (
    <button
      type="button"
      role="menuitem"
      onClick={onSelect}
      className="block w-full rounded-lg px-3 py-2 text-left text-sm text-slate-100 transition hover:bg-white/10"
    >
      {children}
    </button>
  );
}
