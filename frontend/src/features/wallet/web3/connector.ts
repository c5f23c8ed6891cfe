import { initializeConnector } from "@web3-react/core";
import { MetaMask } from "@web3-react/metamask";

/**
 * The app's one MetaMask connector, made once when the wallet code first loads (DESIGN.md §7).
 * Its store follows the wallet's accounts and chain; the app's wallet store mirrors what it needs.
 */
export const [metaMask, , connectorStore] = initializeConnector<MetaMask>((actions) => new MetaMask({ actions }));
