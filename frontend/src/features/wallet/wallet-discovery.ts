import { create } from "zustand";
import { getInjectedProvider, type Eip1193Provider } from "./injected-provider";

/** EIP-6963's description of a wallet: its name and icon as the wallet gives them, and a reverse-DNS id. */
export interface WalletInfo {
  uuid: string;
  name: string;
  /** A data URI (EIP-6963 allows no other). */
  icon: string;
  rdns: string;
}

/** A wallet the browser has: announced through EIP-6963, or the one at window.ethereum when none announced itself. */
export interface InjectedWallet {
  info: WalletInfo;
  provider: Eip1193Provider;
}

/** What the app calls a wallet that injects window.ethereum and does not announce itself. */
const UNANNOUNCED: WalletInfo = { uuid: "window.ethereum", name: "Browser wallet", icon: "", rdns: "" };

interface DiscoveryStore {
  announced: InjectedWallet[];
  /** The connect dialog that lists them, when there is more than one wallet to choose from. */
  choosing: boolean;
  /** Whether the dialog offers WalletConnect too (the server has a project id). */
  walletConnect: boolean;
}

export const useWalletDiscovery = create<DiscoveryStore>()(() => ({ announced: [], choosing: false, walletConnect: false }));

function isAnnouncement(detail: unknown): detail is InjectedWallet {
  const candidate = detail as Partial<InjectedWallet> | null;
  const info = candidate?.info;
  return (
    typeof info?.uuid === "string" &&
    typeof info.name === "string" &&
    typeof info.rdns === "string" &&
    typeof info.icon === "string" &&
    typeof candidate?.provider?.request === "function"
  );
}

let listening = false;

/**
 * Listens for wallets announcing themselves (EIP-6963: each answers the request event at once, and
 * one loaded later announces itself), and asks those already loaded to do so. A wallet announcing
 * itself again (same uuid) replaces its entry.
 */
export function discoverWallets(): void {
  if (listening) return;
  listening = true;
  window.addEventListener("eip6963:announceProvider", (event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (!isAnnouncement(detail)) return;
    const wallet: InjectedWallet = { info: { ...detail.info }, provider: detail.provider };
    useWalletDiscovery.setState(({ announced }) => ({ announced: [...announced.filter((known) => known.info.uuid !== wallet.info.uuid), wallet] }));
  });
  window.dispatchEvent(new Event("eip6963:requestProvider"));
}

/** The wallets to offer: every announced one, or window.ethereum's when none announced itself. */
export function injectedWallets(): InjectedWallet[] {
  discoverWallets();
  const { announced } = useWalletDiscovery.getState();
  if (announced.length > 0) return announced;
  const legacy = getInjectedProvider();
  return legacy ? [{ info: UNANNOUNCED, provider: legacy }] : [];
}

/** The wallet a reload reconnects: the one last chosen (by its rdns, as its uuid changes per page load), else the only one. */
export function rememberedWallet(choice: string | null): InjectedWallet | undefined {
  const wallets = injectedWallets();
  return wallets.find((wallet) => choice !== null && walletChoice(wallet) === choice) ?? (wallets.length === 1 ? wallets[0] : undefined);
}

/** How a choice of wallet is remembered across page loads. */
export const walletChoice = (wallet: InjectedWallet) => wallet.info.rdns || wallet.info.uuid;
