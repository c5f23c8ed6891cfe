/** The EIP-1193 surface this app needs from an injected wallet. */
export interface Eip1193Provider {
  request: (args: { method: string; params?: unknown[] | object }) => Promise<unknown>;
}

export const WALLET_PROVIDER_NAME = "MetaMask";

/** docs/product.md §2 'Header wallet widget'. */
export const NO_WALLET_MESSAGE = `Please install ${WALLET_PROVIDER_NAME} to connect your wallet. You can continue playing in demo mode.`;

export function getInjectedProvider(): Eip1193Provider | null {
  const candidate = (window as Window & { ethereum?: Eip1193Provider }).ethereum;
  return candidate && typeof candidate.request === "function" ? candidate : null;
}

/** docs/product.md §2: an address is shown as its first 6 and last 4 characters. */
export function shortenAddress(address: string): string {
  return `${address.slice(0, 6)}…${address.slice(-4)}`;
}
