// Deploys DegenToken and Casino and writes deployments/<chainId>.json (notes/interop.md).
//   npx hardhat run scripts/deploy.ts --network localhost    dev stack: funded house and players
//   npx hardhat run scripts/deploy.ts --network bscTestnet   reads .env (see .env.example)
import fs from "node:fs";
import path from "node:path";
import hre, { ethers } from "hardhat";
import { getCreateAddress, isAddress, parseEther, getAddress, type Signer } from "ethers";
import type { Casino, DegenToken } from "../typechain-types";

const LOCAL_CHAIN_ID = 31337n;
const LOCAL = {
  bankrollDegen: parseEther("5000000"),
  bankrollNative: parseEther("1000"),
  jackpot: parseEther("1200000"),
  devAccountDegen: parseEther("100000"),
};

interface RemoteSettings {
  settler: string;
  devWallet: string | null;
  bankrollDegen: bigint;
  bankrollNative: bigint;
  jackpot: bigint;
  verify: boolean;
}

class SettingError extends Error {}

/** Reads and checks every .env setting before anything touches the chain. */
function readRemoteSettings(env: NodeJS.ProcessEnv): RemoteSettings {
  const required = (name: string): string => {
    const value = env[name]?.trim();
    if (!value) throw new SettingError(`${name} is missing: set it in .env (see .env.example)`);
    return value;
  };
  const key = required("PRIVATE_KEY");
  if (!/^(0x)?[0-9a-fA-F]{64}$/.test(key)) throw new SettingError("PRIVATE_KEY is malformed: expected 64 hex digits, optionally 0x-prefixed");
  const rpc = required("BSC_TESTNET_RPC_URL");
  if (!/^https?:\/\/\S+$/.test(rpc)) throw new SettingError("BSC_TESTNET_RPC_URL is malformed: expected an http(s) URL");
  const address = (name: string, value: string): string => {
    if (!isAddress(value)) throw new SettingError(`${name} is malformed: expected a 0x-prefixed 20-byte address`);
    return getAddress(value);
  };
  const amount = (name: string, fallback: string): bigint => {
    const value = env[name]?.trim() || fallback;
    if (!/^\d+(\.\d{1,18})?$/.test(value)) throw new SettingError(`${name} is malformed: expected a decimal amount of tokens`);
    return parseEther(value);
  };
  const devWallet = env.DEV_WALLET?.trim();
  return {
    settler: address("SETTLER_ADDRESS", required("SETTLER_ADDRESS")),
    devWallet: devWallet ? address("DEV_WALLET", devWallet) : null,
    bankrollDegen: amount("BANKROLL_DEGEN", "5000000"),
    bankrollNative: amount("BANKROLL_BNB", "0"),
    jackpot: amount("JACKPOT_DEGEN", "1200000"),
    verify: Boolean(env.BSCSCAN_API_KEY?.trim()),
  };
}

async function deployContracts(deployer: Signer, devWallet: string, settler: string) {
  const deployerAddress = await deployer.getAddress();
  const nonce = await deployer.getNonce();
  // The token is built with the Casino's address, which the Casino's constructor checks.
  const predictedCasino = getCreateAddress({ from: deployerAddress, nonce: nonce + 1 });
  const token = (await (await ethers.getContractFactory("DegenToken", deployer)).deploy(devWallet, predictedCasino)) as unknown as DegenToken;
  const tokenReceipt = await token.deploymentTransaction()!.wait();
  const casino = (await (await ethers.getContractFactory("Casino", deployer)).deploy(await token.getAddress(), settler)) as unknown as Casino;
  await casino.waitForDeployment();
  return { token, casino, deploymentBlock: tokenReceipt!.blockNumber };
}

async function fundHouse(token: DegenToken, casino: Casino, bankrollDegen: bigint, bankrollNative: bigint, jackpot: bigint) {
  const casinoAddress = await casino.getAddress();
  const tokenAddress = await token.getAddress();
  if (bankrollDegen + jackpot > 0n) await (await token.approve(casinoAddress, bankrollDegen + jackpot)).wait();
  if (bankrollDegen > 0n) await (await casino.fundBankroll(tokenAddress, bankrollDegen)).wait();
  if (bankrollNative > 0n) await (await casino.fundBankroll(ethers.ZeroAddress, bankrollNative, { value: bankrollNative })).wait();
  if (jackpot > 0n) await (await casino.fundJackpot(jackpot)).wait();
}

interface DeployedAddresses {
  DegenToken: string;
  Casino: string;
  /** Deployed by the Casino's constructor. */
  CasinoRelay: string;
  CasinoSwap: string;
}

function writeDeployment(chainId: bigint, deploymentBlock: number, deployer: string, settler: string, contracts: DeployedAddresses): string {
  const file = path.join(__dirname, "..", "deployments", `${chainId}.json`);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const record = { chainId: Number(chainId), deploymentBlock, deployer, settler, contracts };
  fs.writeFileSync(file, JSON.stringify(record, null, 2) + "\n");
  return file;
}

async function main(): Promise<void> {
  const local = hre.network.name === "localhost" || hre.network.name === "hardhat";
  const remote = local ? null : readRemoteSettings(process.env);
  const { chainId } = await ethers.provider.getNetwork();
  if (local !== (chainId === LOCAL_CHAIN_ID)) throw new SettingError(`network ${hre.network.name} answers with chain id ${chainId}`);
  const signers = await ethers.getSigners();
  const deployer = signers[0];
  if (!deployer) throw new SettingError("no deployer account: PRIVATE_KEY is missing or malformed");
  const settler = remote ? remote.settler : signers[1].address;
  const devWallet = remote?.devWallet ?? deployer.address;

  const { token, casino, deploymentBlock } = await deployContracts(deployer, devWallet, settler);
  const [tokenAddress, casinoAddress] = await Promise.all([token.getAddress(), casino.getAddress()]);
  if (local) {
    await fundHouse(token, casino, LOCAL.bankrollDegen, LOCAL.bankrollNative, LOCAL.jackpot);
    for (const account of signers.slice(2, 10)) await (await token.transfer(account.address, LOCAL.devAccountDegen)).wait();
    await (await token.openTrading()).wait();
  } else {
    await fundHouse(token, casino, remote!.bankrollDegen, remote!.bankrollNative, remote!.jackpot);
  }
  const [relayAddress, swapAddress] = await Promise.all([casino.relay(), casino.swapDesk()]);
  const file = writeDeployment(chainId, deploymentBlock, deployer.address, settler, {
    DegenToken: tokenAddress,
    Casino: casinoAddress,
    CasinoRelay: relayAddress,
    CasinoSwap: swapAddress,
  });
  console.log(
    `DegenToken  ${tokenAddress}\nCasino      ${casinoAddress}\nCasinoRelay ${relayAddress}\nCasinoSwap  ${swapAddress}\nsettler     ${settler}\nwrote ${path.relative(process.cwd(), file)}`,
  );
  if (!local) console.log("Trading is not open yet: call DegenToken.openTrading() when liquidity is added.");

  if (remote?.verify) {
    for (const [address, constructorArguments] of [[tokenAddress, [devWallet, casinoAddress]], [casinoAddress, [tokenAddress, settler]]] as const) {
      try {
        await hre.run("verify:verify", { address, constructorArguments });
      } catch (error) {
        console.warn(`verification of ${address} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof SettingError ? `deploy stopped: ${error.message}` : error);
  process.exitCode = 1;
});
