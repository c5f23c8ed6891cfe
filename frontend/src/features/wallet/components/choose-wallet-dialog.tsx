import { Modal } from "@/components/ui/modal";
import { useWalletStore } from "../wallet-store";
import { useWalletDiscovery, type InjectedWallet } from "../wallet-discovery";

/** The connect dialog (issue #22): every wallet the browser announced (EIP-6963), the player picks one. */
export default function ChooseWalletDialog() {
  const wallets = useWalletDiscovery((state) => state.announced);
  const connect = useWalletStore((state) => state.connect);
  const close = () => useWalletDiscovery.setState({ choosing: false });
  const pick = (wallet: InjectedWallet) => {
    close();
    // The wallet layer shows SPEC's toasts; a failure has nothing more to tell here.
    connect(wallet).catch(() => undefined);
  };
  return (
    <Modal title="Connect a wallet" description="Your browser has more than one wallet. Pick the one to play with." onClose={close} data-testid="choose-wallet">
      <ul className="flex flex-col gap-2">
        {wallets.map((wallet) => (
          <li key={wallet.info.uuid}>
            <button
              type="button"
              onClick={() => pick(wallet)}
              data-testid="wallet-option"
              data-rdns={wallet.info.rdns}
              className="flex w-full items-center gap-3 rounded-xl border border-white/10 bg-white/5 px-4 py-3 text-left font-semibold text-white transition hover:border-cyan/60 hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-cyan"
            >
              {wallet.info.icon ? (
                <img src={wallet.info.icon} alt="" className="size-8 rounded-lg" />
              ) : (
                <span aria-hidden="true" className="size-8 rounded-lg bg-white/10" />
              )}
              {wallet.info.name}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
