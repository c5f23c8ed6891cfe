/**
 * A page script that e2e/test-wallet.e2e.test.ts bundles with Vite: web3-react's MetaMask
 * connector and store on `window.metaMaskConnector`, so a test can check that the test wallet
 * satisfies the connector most dapps use with MetaMask (the app's own, web3/connector.ts, asks
 * less of it).
 */
import { MetaMask } from "@web3-react/metamask";
// The store @web3-react/core builds for each connector, without core's React hooks.
import { createWeb3ReactStoreAndActions } from "@web3-react/store";
import type { Web3ReactState } from "@web3-react/types";

export interface MetaMaskConnectorProbe {
  connector: MetaMask;
  state(): Web3ReactState;
}

declare global {
  interface Window {
    metaMaskConnector?: MetaMaskConnectorProbe;
  }
}

const [store, actions] = createWeb3ReactStoreAndActions();
window.metaMaskConnector = { connector: new MetaMask({ actions }), state: () => store.getState() };
