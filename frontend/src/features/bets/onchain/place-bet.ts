import { ZeroAddress } from "ethers";
import { toBaseUnits } from "@engine/tokens";
import type { GameId, GameType } from "@engine/gameTypes";
import type { Token } from "@engine/index";
import { apiRequest, serverErrorText } from "@/lib/api-client";
import { readyWallet, contractRevert, sendTransaction, type TxUpdate } from "@/features/wallet/onchain";
import { termsForBet, useBetTermsStore } from "../terms-store";
import { useFairnessStore } from "../fairness-store";
import { readCasinoTerms } from "./casino-terms";
import { betOfReceipt, type ChainBet } from "./chain-bet";

export interface BetRequest {
  game: GameId;
  gameType: GameType;
  token: Token;
  /** The stake in token units, as the bet input holds it. */
  stake: number;
  params: bigint;
}

/** The server's POST /api/fairness/commitment answer (the part a bet needs). */
interface Commitment {
  expectedCommit: string;
}

/**
 * playGame from the player's Casino vault (lane 0: a wallet bet never touches a one-click session's lane), with the server's commitment and the terms the bet
 * panel shows (issue #19, finding R2-9): changed since, the Casino refuses the bet (TermsChanged),
 * and the terms are read again so the panel shows, and the next bet carries, the new ones.
 */
export async function placeBet(request: BetRequest, report: (update: TxUpdate) => void): Promise<ChainBet> {
  const wallet = await readyWallet();
  const commitment = apiRequest<Commitment>("POST", "/api/fairness/commitment").catch((error: unknown) => {
    // The server's own sentence (a wallet with nothing at stake yet, a spent budget), not '403: {…}'.
    throw new Error(serverErrorText(error) ?? (error instanceof Error ? error.message : String(error)));
  });
  const [{ expectedCommit }, terms] = await Promise.all([commitment, termsForBet(readCasinoTerms)]);
  const clientSeed = useFairnessStore.getState().takeClientSeed();
  const token = request.token === "DEGEN" ? wallet.config.contracts.DegenToken : ZeroAddress;
  const amount = toBaseUnits(request.stake);
  const tx = await wallet.contracts.casino.playGame.populateTransaction(token, amount, request.gameType, request.params, clientSeed, expectedCommit, terms);
  try {
    const receipt = await sendTransaction(wallet, tx, report, { token: request.token, shownTerms: terms });
    return betOfReceipt(receipt, wallet.config.contracts.DegenToken);
  } catch (error) {
    // A failed read leaves the panel saying so; the refusal's own sentence is what the player needs.
    if (contractRevert(error)?.name === "TermsChanged")
      await useBetTermsStore
        .getState()
        .read(readCasinoTerms)
        .catch(() => undefined);
    throw error;
  }
}
