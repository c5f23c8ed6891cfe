// One bet lifecycle for every game in web3 mode (issue #14): confirm in the wallet → placing
// (transaction hash) → settling (normally the next block) → result read from the chain's events
// and checked with the engine in this browser. Loaded with the wallet code, never in demo mode.
import { formatEther } from "ethers";
import { isInteractive } from "@engine/gameTypes";
import type { GameOutcome, SettlementActions } from "@engine/index";
import { apiRequest } from "@/lib/api-client";
import { explorerTxUrl } from "@/features/chain";
import { browserProvider, readyWallet, sendTransaction, type TxUpdate } from "@/features/wallet/onchain";
import { useWalletStore } from "@/features/wallet";
import { useOneClickStore } from "@/features/one-click";
import { useBetStore, LATE_AFTER_BLOCKS } from "../bet-store";
import { placeBet, type BetRequest } from "./place-bet";
import { stageOf } from "./tx-stage";
import { followDeferredDraw } from "./deferred-draw";
import { isJackpotDrawLocked } from "./jackpot-lock";
import { oneClickCover, placeSignedBet } from "./signed-bet";
import { findResolution, type ChainBet, type ChainSettlement } from "./chain-bet";
import { checkBet, commitmentOf, type BetCheck } from "./verify-bet";

export type { ChainBet } from "./chain-bet";
export type { BetCheck } from "./verify-bet";
export { readCasinoTerms } from "./casino-terms";
export { placeBet, type BetRequest } from "./place-bet";
export type { ActionSigner } from "./action-signer";

/** How often the chain is asked whether the bet is resolved. */
const POLL_MS = 700;

export interface SettledBet {
  bet: ChainBet;
  settlement: ChainSettlement;
  check: BetCheck;
}

/** What the game does between placement and settlement: the server-run games' calls (slots, blackjack, crash). */
export type WhilePlaced = (bet: ChainBet) => Promise<SettlementActions | null | void>;

/**
 * What the game was told about the round by the server (a slots spin's answer), compared with
 * what the chain settled: each disagreement is a problem of the bet's verdict.
 */
export type CrossCheck = (settled: SettledBet) => string[];

/**
 * Places the bet, lets the game play it, waits for its settlement on chain and checks it. Throws
 * TxCancelled when the player refuses in the wallet (a quiet cancel) and an ExplainedError with a
 * sentence when the chain refuses the bet.
 */
export async function playOnChain(request: BetRequest, whilePlaced?: WhilePlaced, crossCheck?: CrossCheck): Promise<SettledBet> {
  const store = useBetStore.getState();
  // With one-click play on, no step waits for the wallet: the panel never says "confirm".
  const id = store.begin(request.game, useOneClickStore.getState().session ? { stage: "placing" } : undefined);
  const update = (patch: Parameters<typeof store.update>[1]) => useBetStore.getState().update(id, patch);
  try {
    const wallet = await readyWallet();
    const cover = oneClickCover(request, wallet);
    if (cover && "walletReason" in cover) update({ stage: "confirm", walletReason: cover.walletReason });
    const placed =
      cover && "signer" in cover
        ? await placeSignedBet(request, wallet, cover.signer, update)
        : { bet: await placeBet(request, (tx) => update(stageOf(tx))), settlement: null };
    const { bet } = placed;
    // A round played with the server (a blackjack hand, a crash flight, a slots spin) shows as in
    // play; its settlement is awaited, and counted late, only from the round's end.
    update({
      stage: whilePlaced ? "playing" : "settling",
      txHash: bet.txHash,
      explorerUrl: explorerTxUrl(wallet.config.chain, bet.txHash),
      betId: bet.betId.toString(),
      token: bet.token,
      jackpotDraw: bet.token === "DEGEN" && bet.jackpotOdds > 0n,
    });
    // An interactive round's stake has left the vault or the session's lane, and nothing is settled yet: shown at once.
    if (whilePlaced && !placed.settlement) void useWalletStore.getState().refreshBalances();
    const actions = whilePlaced ? ((await whilePlaced(bet)) ?? null) : null;
    let roundEnd = bet.placedBlock;
    if (whilePlaced) {
      roundEnd = await browserProvider().getBlockNumber();
      update({ stage: "settling" });
    }
    const settlement = placed.settlement ?? (await awaitResolution(bet, (progress) => update(progress), roundEnd));
    const checkWith = await settledChecker(bet, actions);
    const check = withCrossCheck(checkWith(settlement), { bet, settlement }, crossCheck);
    // A round the screen now animates from the settled word (wheel, fight, auto flight): the
    // balance shown waits until the game shows the outcome. A server round's outcome is on screen already.
    if (!whilePlaced && settlement.kind === "settled") useWalletStore.getState().hideOutcome();
    update({
      stage: "result",
      payout: formatEther(settlement.payout),
      claimed: settlement.kind === "claimed",
      jackpotWin: settlement.jackpot && settlement.jackpot.won > 0n ? formatEther(settlement.jackpot.won) : undefined,
      settleTxHash: settlement.txHash,
      settleExplorerUrl: explorerTxUrl(wallet.config.chain, settlement.txHash),
      verdict: { ok: check.ok, problems: check.problems },
    });
    if (settlement.jackpotDeferred && !settlement.jackpot && bet.jackpotOdds > 0n) void followDeferredDraw(id, bet, settlement, checkWith);
    return { bet, settlement, check };
  } catch (error) {
    const current = useBetStore.getState().bet;
    if (current?.id === id && current.stage !== "cancelled" && current.stage !== "failed") {
      update({ stage: "failed", error: error instanceof Error ? error.message : String(error) });
    }
    throw error;
  }
}

/**
 * Polls the chain until the bet is settled or claimed back, reporting the blocks waited since
 * `since` (the bet's block, or the end of an interactive round: the settler cannot settle a round
 * still in play) and, for a late settlement, when the player may claim it (the bet's own claim
 * time, from getBet) and whether a DEGEN bet's jackpot draw is locked (the late notice offers the
 * lock until it is).
 */
export async function awaitResolution(
  bet: ChainBet,
  progress: (patch: { blocksWaited: number; claimableAt?: number; chainTime?: number; jackpotLocked?: boolean }) => void,
  since = bet.placedBlock,
): Promise<ChainSettlement> {
  const wallet = await readyWallet();
  const provider = browserProvider();
  let claimableAt: number | undefined;
  let jackpotLocked = false;
  for (;;) {
    const resolved = await findResolution(wallet.contracts.casino, provider, bet);
    if (resolved) return resolved;
    const head = await provider.getBlock("latest");
    const blocksWaited = head ? Math.max(0, head.number - since) : 0;
    const late = blocksWaited >= LATE_AFTER_BLOCKS;
    if (late && claimableAt === undefined) {
      claimableAt = Number((await wallet.contracts.casino.getBet(bet.betId)).claimableAt);
    }
    if (late && !jackpotLocked && bet.token === "DEGEN" && bet.jackpotOdds > 0n) jackpotLocked = await isJackpotDrawLocked(wallet.contracts.casino, bet.betId);
    progress({ blocksWaited, claimableAt, chainTime: head?.timestamp, jackpotLocked });
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * The check of a settlement in this browser, with what it needs read once (the commitment, the
 * server's published action log): a one-click bet is checked again when its jackpot draw comes.
 * A server-run round's action log comes with it.
 */
async function settledChecker(bet: ChainBet, actions: SettlementActions | null): Promise<(settlement: ChainSettlement) => BetCheck> {
  const wallet = await readyWallet();
  // The settlement follows the action log the server published; this page's own log, when it
  // has one, must say the same (a hand played otherwise than the player did is a problem).
  const [commitment, published] = await Promise.all([
    commitmentOf(wallet.contracts.casino, browserProvider(), bet, wallet.config.deploymentBlock),
    // A round whose payout depends on what the player did with the server: its published log.
    isInteractive(bet.gameType, bet.params) ? publishedActions(bet.betId) : null,
  ]);
  return (settlement) => {
    const settled = settlement.kind === "settled";
    const check = checkBet(bet, settlement, {
      casino: wallet.config.contracts.Casino,
      chainId: wallet.config.chain.id,
      commitment: settled ? commitment : null,
      actions: (settled ? published : null) ?? actions,
    });
    if (!settled || published === null || actions === null || sameActions(published, actions)) return check;
    const problems = [...check.problems, `the server published the actions ${JSON.stringify(published)}, but this page played ${JSON.stringify(actions)}`];
    return { ...check, ok: false, problems };
  };
}

function sameActions(a: SettlementActions, b: SettlementActions): boolean {
  const text = (actions: SettlementActions) => (Array.isArray(actions) ? actions.join("") : String(actions));
  return text(a) === text(b);
}

/**
 * The action log the server published with the settlement (GET /api/fairness/bets/{id}), for a
 * round whose answers this page did not keep (a lost answer, a page left mid-round).
 */
async function publishedActions(betId: bigint): Promise<SettlementActions | null> {
  try {
    const record = await apiRequest<{ actions: SettlementActions | null }>("GET", `/api/fairness/bets/${betId}`);
    return record.actions;
  } catch {
    return null;
  }
}

/** The browser's check plus the game's comparison of the server's answers with the settlement. */
function withCrossCheck(check: BetCheck, settled: Omit<SettledBet, "check">, crossCheck: CrossCheck | undefined): BetCheck {
  const problems = crossCheck ? crossCheck({ ...settled, check }) : [];
  return problems.length === 0 ? check : { ...check, ok: false, problems: [...check.problems, ...problems] };
}

/** claimExpired: the bet's maximum payout, and its jackpot draw, once its claim time has passed. */
export async function claimBet(betId: bigint, report: (update: TxUpdate) => void): Promise<void> {
  const wallet = await readyWallet();
  const tx = await wallet.contracts.casino.claimExpired.populateTransaction(betId);
  await sendTransaction(wallet, tx, report);
}

/** A settled bet's outcome for the animation: what the checked word gives under the rules. */
export function settledOutcome(settled: SettledBet): GameOutcome {
  if (!settled.check.outcome) throw new Error(settled.check.problems.join("; ") || "The bet has no outcome to show");
  return settled.check.outcome;
}
