// The limits a player sets for their own address (contracts/CasinoLimits.sol), read and set
// through the wallet: the contract enforces them on every bet, however it arrives.
import { TOKENS, type Token } from "@/config/tokens";
import { chainClock, tokenAddress, readyWallet, sendTransaction, type TxReport } from "@/features/wallet/onchain";
import type { TokenLimits, PlayerLimits } from "./limit-changes";

/** Both tokens' limits of the connected player, and the cool-off, as CasinoLimits.limitsOf shows them now. */
export async function readLimits(): Promise<PlayerLimits> {
  const wallet = await readyWallet();
  const views = await Promise.all(TOKENS.map((token) => wallet.contracts.limits.limitsOf(wallet.account, tokenAddress(wallet.config, token))));
  const byToken = {} as Record<Token, TokenLimits>;
  TOKENS.forEach((token, index) => {
    const view = views[index]!;
    const mask = Number(view.pendingMask);
    byToken[token] = {
      loss: [0, 1, 2].map((window) => ({
        limit: view.lossLimit[window]!,
        used: view.lossUsed[window]!,
        pending: mask & (1 << window) ? view.pendingLossLimit[window]! : null,
      })),
      betCap: { limit: view.betCap, pending: mask & 8 ? view.pendingBetCap : null },
      pendingAt: Number(view.pendingAt),
    };
  });
  const { coolOffUntil, pendingCoolOffUntil, pendingCoolOffAt } = views[0]!;
  return {
    tokens: byToken,
    coolOff: {
      until: Number(coolOffUntil),
      pendingUntil: Number(pendingCoolOffAt) === 0 ? null : Number(pendingCoolOffUntil),
      pendingAt: Number(pendingCoolOffAt),
    },
  };
}

/** CasinoLimits.setLimits from the player's wallet: each window's loss limit and the largest bet, base units, 0 for none. */
export async function saveLimits(token: Token, loss: [bigint, bigint, bigint], betCap: bigint, report: TxReport): Promise<void> {
  const wallet = await readyWallet();
  const tx = await wallet.contracts.limits.setLimits.populateTransaction(tokenAddress(wallet.config, token), loss, betCap);
  await sendTransaction(wallet, tx, report, { token });
}

/** CasinoLimits.setCoolOff: no bets until `until` (unix seconds); 0 ends a cool-off (24 h after asking). */
export async function saveCoolOff(until: number, report: TxReport): Promise<void> {
  const wallet = await readyWallet();
  await sendTransaction(wallet, await wallet.contracts.limits.setCoolOff.populateTransaction(until), report);
}

/** The chain's clock: a cool-off is counted from it. */
export async function chainNow(): Promise<number> {
  const wallet = await readyWallet();
  const head = await wallet.provider.getBlock("latest");
  return chainClock(head);
}
