import { ErrorDescription, Interface } from "ethers";
import { Casino__factory } from "@typechain/factories/contracts/Casino__factory";
import { CasinoLimits__factory } from "@typechain/factories/contracts/CasinoLimits.sol/CasinoLimits__factory";
import { CasinoRelay__factory } from "@typechain/factories/contracts/CasinoRelay__factory";
import { CasinoSessions__factory } from "@typechain/factories/contracts/CasinoSessions__factory";
import { CasinoSwap__factory } from "@typechain/factories/contracts/CasinoSwap__factory";
import { DegenToken__factory } from "@typechain/factories/contracts/DegenToken.sol/DegenToken__factory";

/** EIP-1193's "user rejected the request". */
export const USER_REJECTED = 4001;
/** wallet_switchEthereumChain: the wallet does not know the chain. */
export const UNKNOWN_CHAIN = 4902;

/** The EIP-1193 error code, wherever the wallet or ethers put it. */
export function errorCode(error: unknown): number | undefined {
  const e = error as { code?: unknown; data?: { originalError?: { code?: unknown } }; info?: { error?: { code?: unknown } }; error?: { code?: unknown } };
  const candidates = [e?.data?.originalError?.code, e?.info?.error?.code, e?.error?.code, e?.code];
  for (const code of candidates) if (typeof code === "number") return code;
  return undefined;
}

/** The player said no in the wallet: a quiet cancel, never an error message. */
export function isUserRejection(error: unknown): boolean {
  return errorCode(error) === USER_REJECTED || (error as { code?: unknown })?.code === "ACTION_REJECTED";
}

// The limits' refusals reach a bet's caller through the Casino, the sessions' directly.
const interfaces = [Casino__factory, DegenToken__factory, CasinoRelay__factory, CasinoSwap__factory, CasinoSessions__factory, CasinoLimits__factory].map(
  (factory) => factory.createInterface() as unknown as Interface,
);

/** The custom error a revert carries, decoded against the ABIs of the Casino, the token and the Casino's helpers. */
export function decodeRevert(error: unknown): ErrorDescription | undefined {
  for (
    let e: unknown = error;
    e && typeof e === "object";
    e =
      (e as { error?: unknown; info?: { error?: unknown }; cause?: unknown }).error ??
      (e as { info?: { error?: unknown } }).info?.error ??
      (e as { cause?: unknown }).cause
  ) {
    const raw = (e as { data?: unknown }).data;
    // MetaMask nests the node's error, revert data included, under data.originalError.
    const nested = typeof raw === "object" && raw !== null ? (raw as { data?: unknown; originalError?: { data?: unknown } }) : undefined;
    const data = nested ? (nested.data ?? nested.originalError?.data) : raw;
    if (typeof data !== "string" || !data.startsWith("0x") || data.length < 10) continue;
    for (const iface of interfaces) {
      try {
        const parsed = iface.parseError(data);
        if (parsed) return parsed;
      } catch {
        // another contract's error
      }
    }
  }
  return undefined;
}
