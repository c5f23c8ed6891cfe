// The chain as anyone reads it, without a wallet: the node the deployment names (GET /api/config's
// chain.rpcUrls) and its Casino, for the pages that check the chain for every visitor (the bet
// page, the house page). Loaded with those pages only: ethers stays out of the lobby.
import { JsonRpcProvider } from "ethers";
import { Casino__factory } from "@typechain/factories/contracts/Casino__factory";
import type { Casino } from "@typechain/contracts/Casino";
import { loadAppConfig, type AppConfig } from "./app-config";

export interface ReadOnlyChain {
  config: AppConfig;
  provider: JsonRpcProvider;
  casino: Casino;
}

/** The deployment's node and Casino; the caller destroys the provider when done. */
export async function readOnlyChain(): Promise<ReadOnlyChain> {
  const config = await loadAppConfig();
  const provider = new JsonRpcProvider(config.chain.rpcUrls[0], config.chain.id, { staticNetwork: true });
  return { config, provider, casino: Casino__factory.connect(config.contracts.Casino, provider) };
}
