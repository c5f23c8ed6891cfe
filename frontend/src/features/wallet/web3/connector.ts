import { initializeConnector } from "@web3-react/core";
import { Connector, type Provider, type ProviderConnectInfo, type ProviderRpcError } from "@web3-react/types";
import type { Eip1193Provider } from "../injected-provider";

const parseChainId = (chainId: string) => Number.parseInt(chainId, 16);

/**
 * The injected wallet the player chose (EIP-6963, wallet-discovery.ts) as a web3-react connector:
 * @web3-react/metamask's behaviour, for whichever provider it is given rather than window.ethereum.
 */
export class InjectedWalletConnector extends Connector {
  private detach: (() => void) | undefined;

  /** Follows this wallet's accounts and chain from now on (and no longer the previous one's). */
  use(wallet: Eip1193Provider): void {
    // An injected wallet emits EIP-1193's events too; the app's own calls need only request.
    const provider = wallet as Provider;
    if (this.provider === provider) return;
    this.detach?.();
    this.provider = provider;
    const onConnect = ({ chainId }: ProviderConnectInfo) => this.actions.update({ chainId: parseChainId(chainId) });
    const onDisconnect = (error: ProviderRpcError) => {
      // 1013: MetaMask is reconnecting to its node; the wallet is still there.
      if (error?.code === 1013) return;
      this.actions.resetState();
      this.onError?.(error);
    };
    const onChainChanged = (chainId: string) => this.actions.update({ chainId: parseChainId(chainId) });
    const onAccountsChanged = (accounts: string[]) => (accounts.length === 0 ? this.actions.resetState() : this.actions.update({ accounts }));
    provider.on("connect", onConnect);
    provider.on("disconnect", onDisconnect);
    provider.on("chainChanged", onChainChanged);
    provider.on("accountsChanged", onAccountsChanged);
    this.detach = () => {
      provider.removeListener("connect", onConnect);
      provider.removeListener("disconnect", onDisconnect);
      provider.removeListener("chainChanged", onChainChanged);
      provider.removeListener("accountsChanged", onAccountsChanged);
    };
  }

  /** A wallet that already granted this site an account: connected without asking. */
  async connectEagerly(): Promise<void> {
    const cancelActivation = this.actions.startActivation();
    try {
      if (!this.provider) return cancelActivation();
      // Accounts first: a wallet may answer eth_chainId while eth_accounts waits on the player.
      const accounts = (await this.provider.request({ method: "eth_accounts" })) as string[];
      if (!accounts.length) throw new Error("No accounts returned");
      const chainId = (await this.provider.request({ method: "eth_chainId" })) as string;
      this.actions.update({ chainId: parseChainId(chainId), accounts });
    } catch (error) {
      console.debug("Could not connect eagerly", error);
      this.actions.resetState();
    }
  }

  /** Asks the wallet for its accounts (its connect prompt), then reads its chain. */
  async activate(): Promise<void> {
    if (!this.provider) throw new Error("No wallet chosen");
    const cancelActivation = this.actions.startActivation();
    try {
      const accounts = (await this.provider.request({ method: "eth_requestAccounts" })) as string[];
      const chainId = (await this.provider.request({ method: "eth_chainId" })) as string;
      this.actions.update({ chainId: parseChainId(chainId), accounts });
    } catch (error) {
      cancelActivation();
      throw error;
    }
  }
}

/** The app's one connector, made once when the wallet code first loads (docs/decisions.md §7); its store mirrors the chosen wallet's accounts and chain. */
export const [injectedWallet, , connectorStore] = initializeConnector<InjectedWalletConnector>((actions) => new InjectedWalletConnector(actions));
