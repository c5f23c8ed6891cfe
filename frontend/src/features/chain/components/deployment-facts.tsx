import { explorerAddressUrl, type AppContracts } from "../app-config";
import { useAppConfig, type AppConfigState } from "../use-app-config";

const LOADING = "Reading the server's configuration…";
const UNAVAILABLE = "Not known: the server's configuration could not be read";

/** The chain the app plays on, as the server names it and the build pins it: "BSC Testnet (chain 97)". */
function networkText(state: AppConfigState): string {
  if (state.status === "loading") return LOADING;
  if (state.status === "unavailable") return UNAVAILABLE;
  return `${state.config.chain.name} (chain ${state.config.chain.id})`;
}

export function NetworkName({ suffix = "" }: { suffix?: string }) {
  const state = useAppConfig();
  return (
    <span data-testid="network-name">
      {networkText(state)}
      {state.status === "ready" && suffix}
    </span>
  );
}

/** One of the contracts the app uses, in full, linked to the chain's explorer where it has one. */
export function ContractAddress({ contract }: { contract: keyof Pick<AppContracts, "DegenToken" | "Casino"> }) {
  const state = useAppConfig();
  const testId = `contract-address-${contract}`;
  if (state.status !== "ready") return <span data-testid={testId}>{networkText(state)}</span>;
  const address = state.config.contracts[contract];
  const url = explorerAddressUrl(state.config.chain, address);
  const text = <span className="font-mono text-xs break-all">{address}</span>;
  return url ? (
    <a href={url} target="_blank" rel="noreferrer" className="underline decoration-dotted underline-offset-2 hover:text-white" data-testid={testId}>
      {text}
    </a>
  ) : (
    <span data-testid={testId}>{text}</span>
  );
}

/** The lobby's headline: the chain by name once the server's configuration is read, "a test chain" until then or without it. */
export function ChainHeadline() {
  const state = useAppConfig();
  return (
    <>
      Provably fair games on <span data-testid="headline-chain">{state.status === "ready" ? state.config.chain.name : "a test chain"}</span>. Play right away
      with virtual funds, or connect your wallet to play on chain.
    </>
  );
}
