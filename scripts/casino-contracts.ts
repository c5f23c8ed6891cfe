// The contracts of a deployment in the order every deployer uses (scripts/deploy.ts, the contract
// tests, the server's tests): the games' rules and the Casino's four libraries, then DegenToken and
// CasinoSessions, both built with the Casino's address predicted from the deployer's nonce (the
// token's + 2), then the Casino (whose constructor deploys its relay, swap desk and limits
// and checks that the token and the sessions name it). CasinoSessions is deployed apart to keep
// its creation code out of the Casino's init code (EIP-3860's 48 KiB). The order fixes every
// address on a fresh local chain (deployments/README.md).
import { getCreateAddress, type Signer } from "ethers";
import {
  Casino__factory,
  CasinoSessions__factory,
  DegenToken__factory,
  GameRules__factory,
  BetClaims__factory,
  BetSettlement__factory,
  HouseAdmin__factory,
  SessionPlay__factory,
  type Casino,
  type CasinoSessions,
  type DegenToken,
} from "../typechain-types";
import type { CasinoLibraryAddresses } from "../typechain-types/factories/contracts/Casino__factory";

/** The Casino's external libraries (contracts/casino/), each deployed once and linked by address. */
const LIBRARY_FACTORIES = {
  SessionPlay: SessionPlay__factory,
  HouseAdmin: HouseAdmin__factory,
  BetSettlement: BetSettlement__factory,
  BetClaims: BetClaims__factory,
};
export type CasinoLibraries = Record<keyof typeof LIBRARY_FACTORIES, string>;

export interface CasinoContracts {
  token: DegenToken;
  casino: Casino;
  /** contracts/CasinoSessions.sol: one-click play, deployed before the Casino and bound to it. */
  sessions: CasinoSessions;
  /** contracts/rules/GameRules.sol: the payouts the Casino computes on chain. */
  rules: string;
  /** The Casino's external libraries, linked into its bytecode, by name. */
  libraries: CasinoLibraries;
  /** The block of the first of these transactions: where a reader of the deployment's logs starts. */
  deploymentBlock: number;
}

/** Deploys the rules, the Casino's libraries, DegenToken, CasinoSessions and the Casino from `deployer`. */
export async function deployCasinoContracts(deployer: Signer, devWallet: string, settler: string): Promise<CasinoContracts> {
  const rules = await (await new GameRules__factory(deployer).deploy()).waitForDeployment();
  const deploymentBlock = (await rules.deploymentTransaction()!.wait())!.blockNumber;
  const libraries = {} as CasinoLibraries;
  for (const [name, Factory] of Object.entries(LIBRARY_FACTORIES) as [keyof CasinoLibraries, (typeof LIBRARY_FACTORIES)[keyof CasinoLibraries]][]) {
    libraries[name] = await (await (await new Factory(deployer).deploy()).waitForDeployment()).getAddress();
  }
  const from = await deployer.getAddress();
  const nonce = await deployer.getNonce("pending");
  // The token takes `nonce`, the sessions `nonce + 1`, the Casino `nonce + 2`.
  const predictedCasino = getCreateAddress({ from, nonce: nonce + 2 });
  const token = await (await new DegenToken__factory(deployer).deploy(devWallet, predictedCasino)).waitForDeployment();
  const tokenAddress = await token.getAddress();
  const sessions = await (await new CasinoSessions__factory(deployer).deploy(predictedCasino, tokenAddress)).waitForDeployment();
  const linked = Object.fromEntries(Object.entries(libraries).map(([name, address]) => [`contracts/casino/${name}.sol:${name}`, address]));
  const casino = await (
    await new Casino__factory(linked as unknown as CasinoLibraryAddresses, deployer).deploy(
      tokenAddress,
      settler,
      await rules.getAddress(),
      await sessions.getAddress(),
    )
  ).waitForDeployment();
  return {
    token,
    casino,
    sessions,
    rules: await rules.getAddress(),
    libraries,
    deploymentBlock,
  };
}
