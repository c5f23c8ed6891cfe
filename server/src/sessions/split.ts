import type { JsonRpcProvider } from "ethers";
import { sessionsInterface } from "../../../bindings/casino";
import { contractRevert } from "../../../bindings/errors";
import { ChainRequestRefused, type ChainRequests } from "../chain/chain-requests";
import { conflict } from "../http/errors";

/** Why CasinoSessions.split refuses the second stake, as a player reads it. */
const SPLIT_REFUSALS: Record<string, string> = {
  SessionExpired: "Your session has expired: add the second stake from your wallet (addStake), then split",
  SessionRevokedError: "Your session was revoked: add the second stake from your wallet (addStake), then split",
  InsufficientBalance: "Your vault does not cover the second stake",
  SessionBudgetExceeded: "The second stake would take the session past its budget",
  AboveSessionMaxBet: "The second stake is above the session's largest bet",
  ExposureTooHigh: "The house cannot cover a split right now",
  InsufficientBankroll: "The house cannot cover a split right now",
  BetExpired: "This hand has passed its settle window",
  LossLimitReached: "The second stake is past a loss limit you set for yourself",
  AboveBetCap: "The second stake is above the largest bet you set for yourself",
  CoolingOff: "You are in a cool-off you set for yourself",
};

export interface SplitDeps {
  provider: JsonRpcProvider;
  chainRequests: ChainRequests;
  sessionsAddress: string;
  /** The settler's address: the simulation calls as it. */
  settlerAddress: string;
}

/**
 * The second stake of a split from the player's vault, on the split the session key signed
 * (CasinoSessions.split(betId, signature of Actions(betId, "P"))): no wallet popup. Simulated here,
 * then sent by the lease holder through the outbox (a session bet to the budgets); resolves once
 * it is mined.
 */
export async function stakeSplitFromSession(deps: SplitDeps, player: string, betId: string, signature: string): Promise<void> {
  const request = { to: deps.sessionsAddress, data: sessionsInterface.encodeFunctionData("split", [betId, signature]) };
  try {
    await deps.provider.call({ ...request, from: deps.settlerAddress });
    await deps.chainRequests.send("split", request, player);
  } catch (error) {
    const name = error instanceof ChainRequestRefused ? error.refusal : contractRevert(error)?.name;
    if (name === "AlreadySplit") return;
    if (name !== undefined) throw conflict(SPLIT_REFUSALS[name] ?? `The split's second stake is refused on chain: ${name}`);
    throw error;
  }
}
