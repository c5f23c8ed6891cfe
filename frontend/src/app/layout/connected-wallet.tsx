import { lazy, Suspense, useCallback, useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useShallow } from "zustand/react/shallow";
import { Button } from "@/components/ui/button";
import { formatTokenAmount, TOKENS, type Token } from "@/config/tokens";
import { loadSessionBadge, useOneClickStore } from "@/features/one-click";
import { UsdValue } from "@/features/prices";
import { playerPath } from "@/features/stats";
import { inCasino, shortenAddress, useWalletStore, useWalletDialog, type WalletDialog } from "@/features/wallet";
import { useDismiss } from "@/lib/use-dismiss";

/** The dialogs and their wallet code load with the first one opened. */
const WalletDialogs = lazy(() => import("./wallet-dialogs"));
/** One-click play's header badge and its signing code load only while a session of this tab is open, or has ended with funds to give back. */
const SessionBadge = lazy(loadSessionBadge);

/**
 * docs/product.md §2 'Header wallet widget' once connected: the player's balances in the Casino (the
 * vault and the one-click sessions' funds, split in the wallet menu), or the wrong network; and the
 * wallet menu.
 */
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
  const open = useOneClickStore((state) => state.session !== null || state.ended.length > 0);
  return open ? (
    <Suspense fallback={null}>
      <SessionBadge />
    </Suspense>
  ) : null;
}

/** Everything the player has in the Casino per token: the vault and what one-click sessions hold (the wallet menu splits it). */
function VaultBalances() {
  const balances = useWalletStore(useShallow((state) => ({ DEGEN: inCasino(state, "DEGEN"), BNB: inCasino(state, "BNB") })));
  return (
    <div
      className="hidden flex-col items-end text-xs leading-tight tabular-nums md:flex"
      data-testid="vault-balances"
      title="Your Casino balance: your vault and your one-click sessions"
    >
      <span className="whitespace-nowrap text-gold">
        {formatTokenAmount("DEGEN", Number(balances.DEGEN))} DEGEN <UsdValue token="DEGEN" amount={balances.DEGEN} />
      </span>
      <span className="whitespace-nowrap text-cyan">
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
          <CasinoSplit />
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

/** Where the Casino balance is: the vault (wallet bets, withdrawals, swaps) and the one-click sessions' funds (their bets). Shown while a session holds any. */
function CasinoSplit() {
  const vault = useWalletStore((state) => state.onChainBalances);
  const sessions = useWalletStore(
    useShallow((state) => {
      const lanes = Object.values(state.laneFunds);
      return Object.fromEntries(TOKENS.map((token) => [token, lanes.reduce((sum, funds) => sum + Number(funds[token]), 0)])) as Record<Token, number>;
    }),
  );
  if (sessions.DEGEN === 0 && sessions.BNB === 0) return null;
  const rows: [string, string, (token: Token) => number][] = [
    ["Your vault", "vault", (token) => Number(vault[token])],
    ["One-click play", "one-click", (token) => sessions[token]],
  ];
  return (
    <div className="border-b border-white/10 px-3 pb-2 pt-1 text-xs text-slate-400" data-testid="casino-split">
      <div className="mb-1 text-slate-300">In the Casino</div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3">
        {rows.map(([label, id, amount]) => (
          <div key={id} className="contents">
            <dt>{label}</dt>
            <dd className="text-right tabular-nums" data-testid={`casino-split-${id}`}>
              {TOKENS.map((token) => (
                <div key={token}>
                  {formatTokenAmount(token, amount(token))} {token}
                </div>
              ))}
            </dd>
          </div>
        ))}
      </dl>
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
