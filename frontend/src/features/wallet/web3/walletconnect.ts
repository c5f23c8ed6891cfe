import { initializeConnector } from "@web3-react/core";
import { Connector, type Actions } from "@web3-react/types";
import type EthereumProvider from "@walletconnect/ethereum-provider";

/** What the app needs to open a WalletConnect session: GET /api/config's project id and chain. */
export interface WalletConnectOptions {
  projectId: string;
  chainId: number;
  rpcUrl: string;
  /** The app's origin, which the wallet shows the player. */
  appUrl: string;
}

/**
 * WalletConnect v2 as a web3-react connector (issue #22): a session with a phone wallet, opened
 * by scanning the QR code WalletConnect's modal shows, on the server's chain only. The provider
 * (@walletconnect/ethereum-provider) loads with the first connection. Deactivating closes the
 * session on both sides; the wallet layer does so on Disconnect and when the page closes (docs/product.md §4).
 */
export class WalletConnectConnector extends Connector {
  declare provider: EthereumProvider | undefined;

  constructor(
    actions: Actions,
    private readonly options: WalletConnectOptions,
  ) {
    super(actions);
  }

  private async session(): Promise<EthereumProvider> {
    if (this.provider) return this.provider;
    const { EthereumProvider } = await import("@walletconnect/ethereum-provider");
    const { projectId, chainId, rpcUrl, appUrl } = this.options;
    const provider = await EthereumProvider.init({
      projectId,
      chains: [chainId],
      rpcMap: { [chainId]: rpcUrl },
      showQrModal: true,
      metadata: { name: "DEGEN Casino", description: "Provably fair casino games on chain", url: appUrl, icons: [`${appUrl}/favicon.svg`] },
    });
    provider.on("chainChanged", (chain: string) => this.actions.update({ chainId: Number.parseInt(chain, 16) }));
    provider.on("accountsChanged", (accounts: string[]) => (accounts.length === 0 ? this.actions.resetState() : this.actions.update({ accounts })));
    // The wallet ended the session (or the relay dropped it for good).
    provider.on("disconnect", () => this.actions.resetState());
    this.provider = provider;
    return provider;
  }

  /** Shows the QR code and waits for the wallet to approve the session. */
  async activate(): Promise<void> {
    const cancelActivation = this.actions.startActivation();
    try {
      const provider = await this.session();
      await provider.enable();
      this.actions.update({ chainId: provider.chainId, accounts: provider.accounts });
    } catch (error) {
      await this.deactivate();
      cancelActivation();
      throw error;
    }
  }

  /** Ends the session (the wallet is told) and forgets the provider. */
  async deactivate(): Promise<void> {
    const provider = this.provider;
    this.provider = undefined;
    this.actions.resetState();
    await provider?.disconnect().catch((error: unknown) => console.info("WalletConnect session already closed", error));
  }
}

let made: ReturnType<typeof initializeConnector<WalletConnectConnector>> | undefined;

/** The app's one WalletConnect connector and its store, made with the first connection. */
export function walletConnect(options: WalletConnectOptions) {
  made ??= initializeConnector<WalletConnectConnector>((actions) => new WalletConnectConnector(actions, options));
  return made;
}
