import { ZeroAddress, type ContractRunner } from "ethers";
import { Casino__factory } from "@typechain/factories/contracts/Casino__factory";
import { CasinoLimits__factory } from "@typechain/factories/contracts/CasinoLimits.sol/CasinoLimits__factory";
import { CasinoRelay__factory } from "@typechain/factories/contracts/CasinoRelay__factory";
import { CasinoSessions__factory } from "@typechain/factories/contracts/CasinoSessions__factory";
import { CasinoSwap__factory } from "@typechain/factories/contracts/CasinoSwap__factory";
import { DegenToken__factory } from "@typechain/factories/contracts/DegenToken.sol/DegenToken__factory";
import type { Token } from "@/config/tokens";
import type { AppConfig } from "@/features/chain";

/** The deployment's contracts through the TypeChain bindings, over a provider (reads) or a signer (writes). */
export function contractsOf(config: AppConfig, runner: ContractRunner) {
  return {
    casino: Casino__factory.connect(config.contracts.Casino, runner),
    degen: DegenToken__factory.connect(config.contracts.DegenToken, runner),
    relay: CasinoRelay__factory.connect(config.contracts.CasinoRelay, runner),
    swapDesk: CasinoSwap__factory.connect(config.contracts.CasinoSwap, runner),
    sessions: CasinoSessions__factory.connect(config.contracts.CasinoSessions, runner),
    limits: CasinoLimits__factory.connect(config.contracts.CasinoLimits, runner),
  };
}

export type Contracts = ReturnType<typeof contractsOf>;

/** A token's address as the contracts take it: the DEGEN token's, or address(0) for the native coin (BNB). */
export function tokenAddress(config: AppConfig, token: Token): string {
  return token === "DEGEN" ? config.contracts.DegenToken : ZeroAddress;
}
