/**
 * The page half of the test wallet (test-wallet.ts is the Node half): an EIP-1193 provider at
 * `window.ethereum` that hands every request to Node through an exposed function.
 *
 * `injectWallet` is serialised by `page.addInitScript`, so it must stay self-contained: no
 * imports used at run time, no references to anything outside its body.
 */

export interface ProviderErrorShape {
  code: number;
  message: string;
  data?: unknown;
}

/** What Node answers to one request: a result, or an error the page throws. */
export type BridgeAnswer = { result: unknown } | { error: ProviderErrorShape };

export interface RequestArguments {
  method: string;
  params?: unknown;
}

/** EIP-6963's description of a wallet. */
export interface WalletInfo {
  uuid: string;
  name: string;
  icon: string;
  rdns: string;
}

export interface InjectedWalletConfig {
  /** Window function installed by `page.exposeFunction`: answers a request in Node. */
  requestBinding: string;
  /** Window function the page script installs so that Node can emit provider events. */
  eventHook: string;
  walletInfo: WalletInfo;
  /** Whether this wallet also takes window.ethereum (only the first of a page's wallets does). */
  windowEthereum: boolean;
}

type Listener = (payload: unknown) => void;

export interface InjectedEthereum {
  isMetaMask: true;
  isConnected(): boolean;
  request(args: RequestArguments): Promise<unknown>;
  on(event: string, listener: Listener): InjectedEthereum;
  removeListener(event: string, listener: Listener): InjectedEthereum;
  off(event: string, listener: Listener): InjectedEthereum;
  removeAllListeners(event?: string): InjectedEthereum;
}

declare global {
  interface Window {
    ethereum?: InjectedEthereum;
  }
}

export function injectWallet(config: InjectedWalletConfig): void {
  const listeners = new Map<string, Listener[]>();
  const windowFunctions = window as unknown as Record<string, (...args: unknown[]) => unknown>;

  const providerError = ({ code, message, data }: ProviderErrorShape): Error => Object.assign(new Error(message), { code, data });

  const emit = (event: string, payload: unknown): void => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      // One failing listener must not starve the others, as with MetaMask's event emitter.
      try {
        listener(payload);
      } catch (error) {
        reportError(error);
      }
    }
  };

  const provider: InjectedEthereum = {
    isMetaMask: true,
    // EIP-1193: the provider can reach a chain, as MetaMask's can once loaded. web3-react's
    // activate() skips its `activating` state when this is true, as it does with MetaMask.
    isConnected: () => true,
    async request(args) {
      if (typeof args?.method !== "string") {
        throw providerError({ code: -32600, message: "Invalid request: expected an object with a string 'method'." });
      }
      // Looked up per call, so that this script does not depend on running after Playwright's binding.
      const ask = windowFunctions[config.requestBinding] as (method: string, params: unknown) => Promise<BridgeAnswer>;
      const answer = await ask(args.method, args.params);
      if ("error" in answer) throw providerError(answer.error);
      return answer.result;
    },
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
      return provider;
    },
    removeListener(event, listener) {
      const remaining = [...(listeners.get(event) ?? [])];
      const index = remaining.indexOf(listener);
      if (index >= 0) remaining.splice(index, 1);
      listeners.set(event, remaining);
      return provider;
    },
    off: (event, listener) => provider.removeListener(event, listener),
    removeAllListeners(event) {
      if (event === undefined) listeners.clear();
      else listeners.delete(event);
      return provider;
    },
  };

  Object.defineProperty(window, config.eventHook, { value: emit });
  if (config.windowEthereum) {
    window.ethereum = provider;
    window.dispatchEvent(new Event("ethereum#initialized"));
  }

  const announce = () => window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info: config.walletInfo, provider }) }));
  window.addEventListener("eip6963:requestProvider", announce);
  announce();
}
