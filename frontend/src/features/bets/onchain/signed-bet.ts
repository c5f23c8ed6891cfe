// One-click bets (issue #20, docs/protocol.md §4): the session key signs the bet in this browser,
// the server relays it and the chain places and settles it in one transaction, staked from and
// paid into the session's lane. Nothing of it asks the wallet; only when the relay fails does the
// player's wallet send that same signed bet.
import { getAddress, type Log } from "ethers";
import { betIdOf } from "@engine/betId";
import { betDeadline, clientSeedHash, laneOfNonce, type SessionBet } from "@engine/session";
import { fromBaseUnits, toBaseUnits } from "@engine/tokens";
import { formatTokenAmount } from "@/config/tokens";
import { explorerTxUrl } from "@/features/chain";
import { oneClickMinStake, useOneClickStore } from "@/features/one-click";
import { sessionSigner, type SessionSigner, keepSignedBet, readSignedBets, updateSignedBet, type StoredSignedBet } from "@/features/one-click/onchain";
import { useWalletStore } from "@/features/wallet";
import { tokenAddress, explain, ExplainedError, readyWallet, type ReadyWallet, sendTransaction, type TxReport, type TxUpdate } from "@/features/wallet/onchain";
import { ApiError, apiRequest, serverErrorText } from "@/lib/api-client";
import { RELAY_LATE_AFTER_BLOCKS, type ActiveBet } from "../bet-store";
import { useFairnessStore } from "../fairness-store";
import { stageOf } from "./tx-stage";
import { termsForBet } from "../terms-store";
import { readCasinoTerms } from "./casino-terms";
import { betFromLog, betLogsSince, settlementOf, type ChainBet, type ChainSettlement } from "./chain-bet";
import { placeBet, type BetRequest } from "./place-bet";
import { acceptanceClock, forgetLanded, forgetUnlandable, laneNonceToSign, sendingHere, type RelayedBetAnswer } from "./lane-nonce";
import { parseCasinoLog } from "@bindings/events";

/**
 * How often the chain is asked whether a signed bet has landed: an eighth of BSC's 0.75 s block,
 * so that the result shows within a tenth of a second of its block (two reads a poll, for about a
 * block per bet).
 */
const LANDED_POLL_MS = 100;

/** Why the wallet cannot send a signed bet the server never accepted. */
export const NOT_COUNTERSIGNED =
  "The server never accepted this signed bet, so it carries no countersignature from the house, and the chain takes a signed bet from your wallet only with one. Bet from your wallet as usual instead: the same bet, confirmed in your wallet.";

/** The kept bets whose watch the player ended to bet from the wallet instead, by nonce: each resolves with the wallet bet. */
const walletInstead = new Map<string, (report: TxReport) => Promise<void>>();

/** The open session's signer for a bet it covers, or why the bet goes through the wallet instead. */
export type OneClickCover = { signer: SessionSigner } | { walletReason: string } | null;

const shown = (request: BetRequest, wei: bigint) => `${formatTokenAmount(request.token, fromBaseUnits(wei))} ${request.token}`;

export function oneClickCover(request: BetRequest, wallet: ReadyWallet): OneClickCover {
  const { session } = useOneClickStore.getState();
  const signer = session && session.player === wallet.account ? sessionSigner(wallet) : null;
  if (!session || !signer) return null;
  const stake = toBaseUnits(request.stake);
  if (!session.tokens.includes(request.token)) return { walletReason: `One-click play does not cover ${request.token} bets: confirm this one in your wallet.` };
  if (!session.games.includes(request.gameType)) return { walletReason: "One-click play does not cover this game: confirm this bet in your wallet." };
  // The house pays a one-click bet's gas, and relays none below its floor (issue #39 item 7): the wallet pays its own.
  const floor = oneClickMinStake(wallet.config, request.token);
  if (floor !== null && stake < floor)
    return { walletReason: `This bet is below the one-click minimum of ${shown(request, floor)}: confirm it in your wallet.` };
  if (stake > session.maxBet[request.token])
    return { walletReason: `This bet is above your one-click largest bet of ${shown(request, session.maxBet[request.token])}: confirm it in your wallet.` };
  // The lane's funds as last read with the vault (the chain refuses a stake above them all the same).
  const funds = useWalletStore.getState().laneFunds[session.lane]?.[request.token];
  const held = funds === undefined ? 0n : toBaseUnits(funds);
  if (stake > held) return { walletReason: `This bet is above what your one-click session holds (${shown(request, held)}): confirm it in your wallet.` };
  return { signer };
}

/** The bet as CasinoSessions.SignedBet carries it. */
function onChainForm(stored: StoredSignedBet) {
  const { bet } = stored;
  return {
    bet: { ...bet, gameType: bet.game, amount: BigInt(bet.amount), params: BigInt(bet.params), nonce: BigInt(bet.nonce), terms: BigInt(bet.terms) },
    deadline: BigInt(stored.deadline),
    r: stored.r,
    vs: stored.vs,
  };
}

/**
 * Signs the bet with the session key and has it placed. Its nonce is its lane's next, after the
 * lane's signed bets that can still land (lane-nonce.ts); its client seed the fairness panel's,
 * random for every signature; its deadline within the window the server takes, counted from the
 * chain's clock. As the lane's next bet it is first asked of the chain, through the wallet's
 * node: one the chain refuses is dropped before the server ever sees it. It is kept in this tab
 * before it is sent.
 */
export async function placeSignedBet(
  request: BetRequest,
  wallet: ReadyWallet,
  signer: SessionSigner,
  update: (patch: Partial<ActiveBet>) => void,
): Promise<{ bet: ChainBet; settlement: ChainSettlement | null }> {
  const { casino, sessions } = wallet.contracts;
  const [terms, lane, head] = await Promise.all([termsForBet(readCasinoTerms), casino.laneOf(wallet.account, signer.lane), wallet.provider.getBlock("latest")]);
  const now = acceptanceClock(head);
  const onChainNext = lane[1];
  const nonce = await laneNonceToSign(wallet, onChainNext, now);
  const clientSeed = useFairnessStore.getState().takeClientSeed();
  // The key signs the seed's hash: the server countersigns the bet before it can know its outcome,
  // and is told the seed only then (docs/protocol.md §4.3).
  const bet: SessionBet = {
    player: wallet.account,
    token: tokenAddress(wallet.config, request.token),
    amount: toBaseUnits(request.stake),
    game: request.gameType,
    params: request.params,
    clientSeedHash: clientSeedHash(clientSeed),
    nonce,
    terms,
    // Within the window the server takes a bet for: a revocation or a limit waits for it (docs/decisions.md §4).
    deadline: betDeadline(now, Number(signer.session.grant.expiresAt)),
  };
  // The Bet's fields as CasinoSessions.BetInput takes them, the seed in its hash's place; the deadline beside them.
  const { deadline: _deadline, clientSeedHash: _hash, ...fields } = bet;
  const stored: StoredSignedBet = {
    bet: { ...fields, clientSeed, amount: String(bet.amount), params: String(bet.params), nonce: String(nonce), terms: String(terms) },
    deadline: String(bet.deadline),
    ...signer.signBet(bet),
    key: signer.session.grant.key,
    symbol: request.token,
    signedAtBlock: head?.number ?? 0,
  };
  // A bet behind others of its lane cannot be placed before they land: the server checks it then.
  if (nonce === onChainNext) {
    try {
      // As the settler would send it: only the settler, or its countersignature, may place a signed bet.
      // Read-only, through the node (a contract bound to the wallet's signer refuses another `from`).
      const asSettler = sessions.connect(wallet.provider) as typeof sessions;
      await asSettler.place.staticCall(onChainForm(stored), "0x", { from: wallet.config.settler });
    } catch (error) {
      throw new ExplainedError(explain(error, { token: request.token, shownTerms: terms, fromLane: true }), { cause: error });
    }
  }
  keepSignedBet(wallet.config.chain.id, wallet.account, stored);
  sendingHere.add(stored.bet.nonce);
  update({ oneClick: { nonce: stored.bet.nonce } });
  return landSignedBet(wallet, stored, request, update);
}

/** What the server said of a signed bet: accepted (its countersignature), refused (its sentence), or not known yet. */
type ServerWord = { countersignature: string } | { refused: string } | null;

/**
 * Sends the signed bet to the server: its countersignature is kept with the bet, then the client
 * seed revealed. A refusal (an answer in the 400s) is kept too: the server never relays that bet.
 * When the server could not be reached, it is asked whether it has the bet: one it does not have,
 * or has refused, it never relays either.
 */
async function sendToServer(wallet: ReadyWallet, stored: StoredSignedBet, onAnswer: (answer: RelayedBetAnswer) => void): Promise<ServerWord> {
  const chainId = wallet.config.chain.id;
  const { clientSeed, ...signedFields } = stored.bet;
  const body = { bet: { ...signedFields, clientSeedHash: clientSeedHash(clientSeed) }, deadline: stored.deadline, r: stored.r, vs: stored.vs };
  const betId = betIdOf(stored.bet.player, BigInt(stored.bet.nonce)).toString();
  let answer: RelayedBetAnswer | null;
  try {
    answer = await apiRequest<RelayedBetAnswer>("POST", "/api/sessions/bets", body);
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      updateSignedBet(chainId, wallet.account, stored.bet.nonce, { refused: true });
      return { refused: serverErrorText(error) ?? error.message };
    }
    answer = await apiRequest<RelayedBetAnswer>("GET", `/api/sessions/bets/${betId}`).catch((lookup: unknown) => {
      if (lookup instanceof ApiError && lookup.status === 404) return null;
      throw error;
    });
    if (!answer || answer.status === "refused") {
      updateSignedBet(chainId, wallet.account, stored.bet.nonce, { refused: true });
      return { refused: "the server could not be reached" };
    }
  }
  onAnswer(answer);
  if (!answer.countersignature) return null;
  updateSignedBet(chainId, wallet.account, stored.bet.nonce, { countersignature: answer.countersignature });
  // Kept first: the house committed to the bet, and the wallet can place it, before the seed leaves this tab.
  await apiRequest("POST", `/api/sessions/bets/${answer.betId}/seed`, { clientSeed });
  return { countersignature: answer.countersignature };
}

/**
 * Sends the kept bet to the server and watches the chain until it lands: placed and settled in
 * one transaction (returned with its settlement), or placed to be settled later (an interactive
 * game's, or one the wallet sent). Not landed within RELAY_LATE_AFTER_BLOCKS, or refused by the
 * server, the bet is relay-late: the panel offers the wallet (the same signed bet when
 * countersigned; a wallet bet as usual when the server refused it, which ends this watch); the
 * watch goes on either way.
 */
async function landSignedBet(
  wallet: ReadyWallet,
  stored: StoredSignedBet,
  request: BetRequest,
  update: (patch: Partial<ActiveBet>) => void,
): Promise<{ bet: ChainBet; settlement: ChainSettlement | null }> {
  const { casino } = wallet.contracts;
  const nonce = stored.bet.nonce;
  const betId = betIdOf(stored.bet.player, BigInt(nonce));
  let word: ServerWord = null;
  const told = (next: ServerWord) => {
    word = next;
    if (next && "countersignature" in next) update({ oneClick: { nonce, countersigned: true } });
  };
  sendToServer(wallet, stored, (answer) => {
    if (answer.txHash) update({ txHash: answer.txHash, explorerUrl: explorerTxUrl(wallet.config.chain, answer.txHash) });
  }).then(told, (error: unknown) => console.info("The server's answer to a signed bet could not be read", error));
  let instead: { bet: Promise<ChainBet> } | null = null;
  walletInstead.set(nonce, async (report) => {
    if (!instead) {
      const placing = placeBet(request, (tx: TxUpdate) => {
        report(tx);
        update(stageOf(tx));
      });
      instead = { bet: placing };
      // Refused or cancelled in the wallet: the signed bet is watched again, and the offer stays.
      placing.catch(() => (instead = null));
    }
    await instead.bet;
  });
  try {
    let late: "no" | "waiting" | "refused" = "no";
    for (;;) {
      if (instead) {
        const walletBet = await (instead as { bet: Promise<ChainBet> }).bet.catch(() => null);
        if (walletBet) return { bet: walletBet, settlement: null };
      }
      const logs = await betLogsSince(casino, wallet.provider, betId, stored.signedAtBlock);
      const placed = logs.find((log) => parseCasinoLog(log)?.name === "BetPlaced");
      if (placed) return landed(wallet, stored, placed, logs);
      const head = await wallet.provider.getBlock("latest");
      if (head && BigInt(head.timestamp) > BigInt(stored.deadline)) {
        forgetUnlandable(wallet, BigInt(nonce));
        throw new Error("This signed bet passed its deadline without landing: it can no longer be placed.");
      }
      const blocks = (head?.number ?? stored.signedAtBlock) - stored.signedAtBlock;
      const current = word as ServerWord;
      const refused = current !== null && "refused" in current ? current.refused : null;
      if ((late === "no" && blocks >= RELAY_LATE_AFTER_BLOCKS) || (refused !== null && late !== "refused")) {
        late = refused !== null ? "refused" : "waiting";
        update({
          stage: "relay-late",
          blocksWaited: blocks,
          oneClick: { nonce, countersigned: current !== null && "countersignature" in current, refused: refused !== null },
          relayProblem: refused !== null ? `The server did not take your signed bet: ${refused}.` : `Your signed bet has not landed after ${blocks} blocks.`,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, LANDED_POLL_MS));
    }
  } finally {
    walletInstead.delete(nonce);
    sendingHere.delete(nonce);
  }
}

/** The bet as it landed, checked against what the key signed, with its settlement when the same transaction settled it. */
async function landed(wallet: ReadyWallet, stored: StoredSignedBet, placed: Log, logs: Log[]): Promise<{ bet: ChainBet; settlement: ChainSettlement | null }> {
  const bet = betFromLog(placed, wallet.config.contracts.DegenToken);
  forgetLanded(wallet, bet.nonce);
  const differs = signedFieldsDiffer(stored, bet, wallet);
  if (differs.length > 0) throw new Error(`The bet placed on chain is not the one your key signed: its ${differs.join(", ")} differ.`);
  const settledWith = logs.find(
    (log) => log.transactionHash === placed.transactionHash && log.index > placed.index && parseCasinoLog(log)?.name !== "BetPlaced",
  );
  if (!settledWith) return { bet, settlement: null };
  const receipt = await wallet.provider.getTransactionReceipt(placed.transactionHash);
  if (!receipt) return { bet, settlement: null };
  return { bet, settlement: settlementOf(receipt, settledWith.index, bet) };
}

/** The signature covers every field, so the chain cannot differ; said, should it ever. */
function signedFieldsDiffer(stored: StoredSignedBet, bet: ChainBet, wallet: ReadyWallet): string[] {
  const signed = stored.bet;
  const checks: [string, boolean][] = [
    ["player", getAddress(signed.player) === bet.player],
    ["token", getAddress(signed.token) === getAddress(tokenAddress(wallet.config, bet.token))],
    ["amount", BigInt(signed.amount) === bet.amount],
    ["game", signed.game === bet.gameType],
    ["params", BigInt(signed.params) === bet.params],
    ["client seed", signed.clientSeed.toLowerCase() === bet.clientSeed.toLowerCase()],
    ["nonce", BigInt(signed.nonce) === bet.nonce],
    ["terms", BigInt(signed.terms) === bet.terms],
  ];
  return checks.filter(([, same]) => !same).map(([field]) => field);
}

/**
 * The player's own CasinoSessions.place of the kept signed bet, when the relay failed: the same
 * bet, the same client seed, so the same outcome once the house settles it with its lane's seed
 * (or its maximum payout claimed back after the settle window), staked from the lane. The chain
 * takes it from the wallet only with the settler's countersignature, which the server gave when
 * it accepted the bet; without one, NOT_COUNTERSIGNED. The watch of landSignedBet sees it land.
 */
export async function sendSignedBetFromWallet(nonce: string, report: TxReport): Promise<void> {
  const wallet = await readyWallet();
  const stored = readSignedBets(wallet.config.chain.id, wallet.account, laneOfNonce(BigInt(nonce)))[nonce];
  if (!stored) throw new Error("This signed bet is no longer kept in this tab: it has landed, or its turn has passed.");
  if (!stored.countersignature) throw new Error(NOT_COUNTERSIGNED);
  const tx = await wallet.contracts.sessions.place.populateTransaction(onChainForm(stored), stored.countersignature);
  await sendTransaction(wallet, tx, report, { token: stored.symbol, fromLane: true });
}

/**
 * The bet as a wallet bet (playGame, from the vault), for a signed bet the server refused, so
 * that it can never land: the watch of the signed bet ends, and the lifecycle goes on with the
 * wallet's. A wallet bet never touches the session's lane.
 */
export async function betFromWalletInstead(nonce: string, report: TxReport): Promise<void> {
  const instead = walletInstead.get(nonce);
  if (!instead) throw new Error("This signed bet is no longer waiting: it has landed, or its turn has passed.");
  await instead(report);
}
