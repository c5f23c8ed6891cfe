// Who signs an interactive bet's actions (docs/protocol.md §4.4): a blackjack hand's hits, stands
// and split, a manual crash round's cash-out. The chain settles the bet with the last log its
// player's key signed, so the server can only play what the player asked for.
import { useOneClickStore } from "@/features/one-click";
import { handKey, sessionSigner, signActionKey } from "@/features/one-click/onchain";
import { readyWallet, inWallet } from "@/features/wallet/onchain";
import { ApiError, apiRequest, serverErrorText } from "@/lib/api-client";

export interface ActionSigner {
  /** A bet of the open session's lane, signed by its key: a split's second stake then comes from the lane, with no popup. */
  viaSession: boolean;
  /** The key's EIP-712 signature of Actions(betId, actions), the whole log so far. */
  sign: (actions: string) => string;
}

/**
 * The open session's key (the chain takes it for its own lane's bets and for the player's wallet
 * bets); without a session, a key for this bet alone, named by one wallet signature (ActionKey)
 * and told to the server (POST /api/action-keys): one popup per hand, none per action. A wallet
 * bet's split stake comes from the wallet (addStake) either way: a lane pays only its own bets.
 */
export async function actionSignerFor(betId: bigint): Promise<ActionSigner> {
  const wallet = await readyWallet();
  const session = useOneClickStore.getState().session ? sessionSigner(wallet) : null;
  if (session) return { viaSession: session.ownsBet(betId), sign: (actions) => session.signActions(betId, actions) };
  const key = handKey(wallet);
  const grant = await inWallet(
    () => undefined,
    () => signActionKey(wallet, betId, key.address),
  );
  await apiRequest("POST", "/api/action-keys", { betId: betId.toString(), key: key.address, grant }).catch((error: unknown) => {
    // 409: the bet's outcome is fixed already, so it takes no action. A live crash round starts when
    // the server records the bet, and one that crashes while the wallet's popup is still open ends
    // before its key is named: the player then sees the crash and the settlement, not an error.
    if (error instanceof ApiError && error.status === 409) return;
    throw new Error(serverErrorText(error) ?? "The server did not take the key for this hand's actions.");
  });
  return { viaSession: false, sign: (actions) => key.signActions(betId, actions) };
}
