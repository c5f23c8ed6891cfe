import { Modal } from "@/components/ui/modal";
import { useWalletStore } from "../wallet-store";
import { injectedWallets, useWalletDiscovery, type InjectedWallet } from "../wallet-discovery";

/** The connect dialog (issue #22): every wallet the browser announced (EIP-6963), the player picks one. */
export default function ChooseWalletDialog() {
  // Announced wallets, or window.ethereum's when none announced itself; shown again as more announce.
  useWalletDiscovery((state) => state.announced);
  const wallets = injectedWallets();
  const walletConnect = useWalletDiscovery((state) => state.walletConnect);
  const connect = useWalletStore((state) => state.connect);
  const close = () => useWalletDiscovery.setState({ choosing: false });
  const pick = (wallet: InjectedWallet | "walletconnect") => {
    close();
    // The wallet layer shows the product's toasts; a failure has nothing more to tell here.
    connect(wallet).catch(() => undefined);
  };
  return (
    <Modal title="Connect a wallet" description="Pick the wallet to play with." onClose={close} data-testid="choose-wallet">
      <ul className="flex flex-col gap-2">
        {wallets.map((wallet) => (
          <li key={wallet.info.uuid}>
            <button type="button" onClick={() => pick(wallet)} data-testid="wallet-option" data-rdns={wallet.info.rdns} className={OPTION}>
              {wallet.info.icon ? (
                <img src={wallet.info.icon} alt="" className="size-8 rounded-lg" />
              ) : (
                <span aria-hidden="true" className="size-8 rounded-lg bg-white/10" />
              )}
              {wallet.info.name}
            </button>
          </li>
        ))}
        {walletConnect && (
          <li>
            <button type="button" onClick={() => pick("walletconnect")} data-testid="wallet-option-walletconnect" className={OPTION}>
              <WalletConnectMark />
              WalletConnect
              <span className="ml-auto text-xs font-normal text-slate-400">Scan with a phone wallet</span>
            </button>
          </li>
        )}
      </ul>
    </Modal>
  );
}

const OPTION =
  "flex w-full items-center gap-3 rounded-xl border border-white/10 bg-white/5 px-4 py-3 text-left font-semibold text-white transition hover:border-cyan/60 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-cyan";

/** WalletConnect's blue mark, drawn here rather than fetched. */
function WalletConnectMark() {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 rounded-lg bg-[#3b99fc] p-1.5">
      <path fill="none" stroke="white" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" d="M7 12.5c5-4.7 13-4.7 18 0M10.5 16l5.5 5 5.5-5" />
    </svg>
  );
}
