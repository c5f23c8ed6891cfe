// What blackjack and mines share while a web3 round is played through the server: who signs its
// actions, and until when the server waits for the next one (BLACKJACK_IDLE_MS times both games).
import { loadAppConfig } from "@/features/chain";
import type { ActionSigner } from "./onchain/action-signer";

/** The server's BLACKJACK_IDLE_MS default, for a server that does not publish its own. */
const DEFAULT_IDLE_MS = 300_000;
/** Actions stop this long before the server's limit: one sent at the edge could reach a round it ended already. */
const IDLE_MARGIN_MS = 2_000;

/** The server's idle rule for a web3 round: past `endsAt` no action is sent, the server is ending the round. */
export interface IdleLimit {
  limitMs: number;
  /** Epoch ms. */
  endsAt: number;
}

/** The idle limit from a request sent at `sentAt`: the server's clock for the round starts no earlier. */
export async function idleLimitFrom(sentAt: number): Promise<IdleLimit> {
  const limitMs = (await loadAppConfig()).blackjackIdleMs ?? DEFAULT_IDLE_MS;
  return { limitMs, endsAt: sentAt + limitMs - IDLE_MARGIN_MS };
}

/** A round's key, asked for at its first action and kept: the session's, or (one wallet signature) one named for the bet. */
export interface RoundKey {
  bet: { betId: bigint };
  signer: Promise<ActionSigner> | null;
}

/** The round's signer; asked again after a failure (a refused popup). */
export async function roundSigner(round: RoundKey): Promise<ActionSigner> {
  const { actionSignerFor } = await import("./onchain/action-signer");
  round.signer ??= actionSignerFor(round.bet.betId);
  return round.signer.catch((error: unknown) => {
    round.signer = null;
    throw error;
  });
}
