// The contracts of a deployment in the order every deployer uses (scripts/deploy.ts, the contract
// tests, the server's tests): the games' rules and the Casino's two libraries, then DegenToken,
// built with the Casino's address predicted from the deployer's nonce, then the Casino (whose
// constructor deploys its relay, swap desk, sessions and limits and checks the token names it).
// The order fixes every address on a fresh local chain (deployments/README.md).
import { getCreateAddress, type Signer } from "ethers";
import {
  Casino__factory,
  DegenToken__factory,
  GameRules__factory,
  HouseAdmin__factory,
  SessionPlay__factory,
  type Casino,
  type DegenToken,
} from "../typechain-types";

export interface CasinoContracts {
  token: DegenToken;
  casino: Casino;
  /** contracts/rules/GameRules.sol: the payouts the Casino computes on chain. */
  rules: string;
  /** The Casino's external libraries, linked into its bytecode. */
  sessionPlay: string;
  houseAdmin: string;
  /** The block of the first of these transactions: where a reader of the deployment's logs starts. */
  deploymentBlock: number;
}

/** Deploys the rules, the Casino's libraries, DegenToken and the Casino from `deployer`. */
export async function deployCasinoContracts(deployer: Signer, devWallet: string, settler: string): Promise<CasinoContracts> {
  const rules = await (await new GameRules__factory(deployer).deploy()).waitForDeployment();
  const deploymentBlock = (await rules.deploymentTransaction()!.wait())!.blockNumber;
  const sessionPlay = await (await new SessionPlay__factory(deployer).deploy()).waitForDeployment();
  const houseAdmin = await (await new HouseAdmin__factory(deployer).deploy()).waitForDeployment();
  const from = await deployer.getAddress();
  const nonce = await deployer.getNonce("pending");
  const predictedCasino = getCreateAddress({ from, nonce: nonce + 1 });
  const token = await (await new DegenToken__factory(deployer).deploy(devWallet, predictedCasino)).waitForDeployment();
  const libraries = {
    "contracts/casino/SessionPlay.sol:SessionPlay": await sessionPlay.getAddress(),
    "contracts/casino/HouseAdmin.sol:HouseAdmin": await houseAdmin.getAddress(),
  };
  const casino = await (await new Casino__factory(libraries, deployer).deploy(await token.getAddress(), settler, await rules.getAddress())).waitForDeployment();
  return {
    token,
    casino,
    rules: await rules.getAddress(),
    sessionPlay: libraries["contracts/casino/SessionPlay.sol:SessionPlay"],
    houseAdmin: libraries["contracts/casino/HouseAdmin.sol:HouseAdmin"],
    deploymentBlock,
  };
}
