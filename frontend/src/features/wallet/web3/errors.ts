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
