import { casinoRevertReason } from "../../../bindings/errors";

/** ethers' full message carries the whole calldata: the Casino's error name, or ethers' short message. */
export function shortReason(error: unknown): string {
  return casinoRevertReason(error) ?? (error as { shortMessage?: string }).shortMessage ?? (error as Error).message;
}
