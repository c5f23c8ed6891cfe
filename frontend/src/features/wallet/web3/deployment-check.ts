import { getAddress, type Provider } from "ethers";
import { type AppConfig, UntrustedDeploymentError } from "@/features/chain";
import { contractsOf } from "./contracts";

/** Chains and Casinos already found to be the pinned deployment, this page. */
const checked = new Set<string>();

const LINKS = [
  { name: "degen", label: "DEGEN token", pinned: "DegenToken" },
  { name: "relay", label: "relay", pinned: "CasinoRelay" },
  { name: "swapDesk", label: "swap desk", pinned: "CasinoSwap" },
  { name: "sessions", label: "sessions", pinned: "CasinoSessions" },
  { name: "limits", label: "limits", pinned: "CasinoLimits" },
] as const;

/**
 * The chain itself confirms the pinned deployment (issue #19, finding R2-10): read through the
 * wallet's provider, the pinned Casino has code there and names the pinned token, relay, swap
 * desk, sessions and limits as its own (they are immutables of its constructor). Checked before the player's first
 * approval, transaction or signature, once per chain and Casino; a refusal is not remembered, so
 * the next action asks the chain again.
 */
export async function checkDeploymentOnChain(config: AppConfig, provider: Provider): Promise<void> {
  const { Casino } = config.contracts;
  const key = `${config.chain.id}:${Casino.toLowerCase()}`;
  if (checked.has(key)) return;
  const notOurs = (what: string) =>
    new UntrustedDeploymentError(`${what} on ${config.chain.name}: this is not the deployment this app was built for. Nothing was sent from your wallet.`);
  if ((await provider.getCode(Casino)) === "0x") throw notOurs(`No Casino contract answers at ${Casino}`);
  const { casino } = contractsOf(config, provider);
  const named = await Promise.all(LINKS.map((link) => casino[link.name]()));
  LINKS.forEach((link, index) => {
    const expected = config.contracts[link.pinned];
    if (getAddress(named[index]!) !== getAddress(expected))
      throw notOurs(`The Casino at ${Casino} names ${named[index]} as its ${link.label}, not ${expected}`);
  });
  checked.add(key);
}

/** For tests: check again. */
export function forgetDeploymentChecks(): void {
  checked.clear();
}
