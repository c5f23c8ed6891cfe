// The session key's life (docs/protocol.md §4): made in this browser, granted once by the wallet
// (EIP-712 Session, naming the root of the lane's hash chain the house committed to for it),
// opened on chain by the server, which moves the budget from the vault into the session's lane,
// used to sign bets and actions, revoked; once the session has ended, its lane's funds go back to
// the vault (closeSession). Loaded with the wallet code, only when one-click play is used.
import {
  computeAddress,
  getAddress,
  hexlify,
  randomBytes,
  SigningKey,
  TypedDataEncoder,
  ZeroAddress,
  type TransactionReceipt,
  type TypedDataField,
} from "ethers";
import {
  ACTION_KEY_TYPES,
  ACTIONS_TYPES,
  BET_TYPES,
  gamesMask,
  laneOfNonce,
  SESSION_TOKEN_BITS,
  SESSION_TYPES,
  sessionDomain,
  type SessionBet,
} from "@engine/session";
import type { Token } from "@/config/tokens";
import { toast } from "@/features/toast";
import { chainClock, readyWallet, type ReadyWallet, awaitRelay, inWallet, sendTransaction, type TxReport } from "@/features/wallet/onchain";
import { apiRequest, serverErrorText } from "@/lib/api-client";
import { useOneClickStore } from "./one-click-store";
import { forgetEndedSession, forgetSession, keepEndedSession, readSession, writeSession, type StoredGrant, type StoredSession } from "./storage";
import { budgetRefusal, type SessionSettings } from "./session-settings";
import { parseCasinoLog } from "@bindings/events";

/** POST /api/sessions: the server opened the session (CasinoSessions.openSession) in this transaction. */
interface OpenAnswer {
  key: string;
  expiresAt: number;
  txHash: string;
}

/** The house's commitment for a key's lane: the root of the hash chain it derived for the player and that key. */
interface LaneRootAnswer {
  commit: string;
}

const typesOf = (types: object) => types as Record<string, TypedDataField[]>;

const domainOf = (wallet: ReadyWallet) => sessionDomain(wallet.config.chain.id, wallet.config.contracts.CasinoSessions);

/**
 * Turns one-click play on: a fresh key, kept in this tab before anything is signed (a reload
 * while the wallet asks keeps it); the root of the lane's hash chain from the server; the
 * wallet's one signature of the Session naming it; and the server's transaction that opens it,
 * believed once the chain shows SessionOpened for this key with that root, which also names the
 * session's lane. The budgets must fit the vault, read now: they move from it into the lane.
 */
export async function openSession(settings: SessionSettings, steps: { sign: TxReport; open: TxReport }): Promise<void> {
  const wallet = await readyWallet();
  const chainId = wallet.config.chain.id;
  const privateKey = hexlify(randomBytes(32));
  const key = computeAddress(privateKey);
  steps.sign({ phase: "checking" });
  let grant: StoredGrant;
  try {
    const [head, vault, root] = await Promise.all([wallet.provider.getBlock("latest"), readVault(wallet), laneRoot(key)]);
    const refusal = budgetRefusal(settings, vault);
    if (refusal) throw new Error(refusal);
    // Counted from the chain's clock, which the contract's 24-hour cap is checked against.
    const now = chainClock(head);
    grant = {
      player: wallet.account,
      key,
      commit: root.commit,
      expiresAt: String(now + settings.hours * 3600),
      tokens: String(settings.tokens.reduce((bits, token) => bits | SESSION_TOKEN_BITS[token], 0)),
      games: String(gamesMask(settings.games)),
      maxBetDegen: String(settings.maxBet.DEGEN),
      maxBetNative: String(settings.maxBet.BNB),
      budgetDegen: String(settings.budget.DEGEN),
      budgetNative: String(settings.budget.BNB),
    };
  } catch (error) {
    steps.sign({ phase: "failed", reason: { message: error instanceof Error ? error.message : String(error) } });
    throw error;
  }
  retireStoredSession(wallet);
  const stored: StoredSession = { privateKey, grant, lane: null, openedTxHash: null };
  writeSession(chainId, wallet.account, stored);
  try {
    const signature = await inWallet(steps.sign, () => wallet.signer.signTypedData(domainOf(wallet), typesOf(SESSION_TYPES), grant));
    steps.sign({ phase: "confirmed" });
    const opened = await awaitRelay(wallet, steps.open, {
      signature,
      send: async () => {
        const answer = await apiRequest<OpenAnswer>("POST", "/api/sessions", { grant, signature }).catch((error: unknown) => {
          throw new Error(serverErrorText(error) ?? "The server could not open one-click play. Please try again.");
        });
        return answer.txHash;
      },
      outcomeOf: (receipt) => openedIn(wallet, receipt, grant),
    });
    writeSession(chainId, wallet.account, { ...stored, lane: opened.lane, openedTxHash: opened.txHash });
  } catch (error) {
    forgetSession(chainId, wallet.account);
    throw error;
  }
  useOneClickStore.getState().sync();
}

/** The vault's balance of each token now (not the last poll's): a session's budget moves from it. */
async function readVault(wallet: ReadyWallet): Promise<Record<Token, bigint>> {
  const { casino } = wallet.contracts;
  const [degen, bnb] = await Promise.all([
    casino.getBalance(wallet.account, wallet.config.contracts.DegenToken),
    casino.getBalance(wallet.account, ZeroAddress),
  ]);
  return { DEGEN: degen, BNB: bnb };
}

/** The root of the hash chain the house derived for this player's key: the lane's commitment, which the grant names. */
async function laneRoot(key: string): Promise<LaneRootAnswer> {
  const answer = await apiRequest<LaneRootAnswer>("POST", "/api/sessions/lane-root", { key }).catch((error: unknown) => {
    throw new Error(serverErrorText(error) ?? "The server did not give the commitment for one-click play. Please try again.");
  });
  if (!/^0x[0-9a-fA-F]{64}$/.test(answer.commit) || BigInt(answer.commit) === 0n) throw new Error("The server gave no valid commitment for one-click play.");
  return answer;
}

/**
 * The opening transaction's SessionOpened must name this player and key, and the root the wallet
 * signed; returns the session's lane and the transaction's hash.
 */
function openedIn(wallet: ReadyWallet, receipt: TransactionReceipt, grant: StoredGrant): { lane: number; txHash: string } {
  const sessionsAddress = getAddress(wallet.config.contracts.CasinoSessions);
  const opened = receipt.logs
    .filter((log) => getAddress(log.address) === sessionsAddress)
    .map(parseCasinoLog)
    .find((event) => event?.name === "SessionOpened" && event.args.player === getAddress(grant.player) && event.args.key === getAddress(grant.key));
  if (opened?.name !== "SessionOpened") throw new Error("The chain does not show your one-click key opened by the transaction the server named.");
  if (opened.args.commit.toLowerCase() !== grant.commit.toLowerCase()) throw new Error("The session opened on chain does not carry the commitment you signed.");
  return { lane: Number(opened.args.lane), txHash: receipt.hash };
}

/** A session this tab kept past its expiry (its key signed a hand's actions) makes way for a new one: its lane is watched until it is empty. */
function retireStoredSession(wallet: ReadyWallet): void {
  const previous = readSession(wallet.config.chain.id, wallet.account);
  if (previous?.lane == null) return;
  keepEndedSession(wallet.config.chain.id, wallet.account, { key: previous.grant.key, lane: previous.lane, endsAt: Number(previous.grant.expiresAt) });
}

/**
 * Revokes the session: at once in this tab (the key is forgotten and the server told to take no
 * more of its bets), then on chain with the wallet's revokeSession, which ends it
 * ACCEPTANCE_WINDOW later at the latest (a bet the server accepted before still lands). What its
 * lane holds then goes back to the vault (closeSession): the tab watches for it.
 */
export async function revokeSession(report: TxReport): Promise<void> {
  const session = useOneClickStore.getState().session;
  if (!session) return;
  forgetSession(session.chainId, session.player);
  keepEndedSession(session.chainId, session.player, { key: session.key, lane: session.lane, endsAt: session.expiresAt });
  useOneClickStore.getState().sync();
  void apiRequest("DELETE", `/api/sessions/${session.key}`).catch((error: unknown) => console.info("The server did not drop the one-click key", error));
  const wallet = await readyWallet();
  await sendTransaction(wallet, await wallet.contracts.sessions.revokeSession.populateTransaction(session.key), report);
  const { expiresAt } = await wallet.contracts.sessions.sessionOf(session.player, session.key);
  keepEndedSession(session.chainId, session.player, { key: session.key, lane: session.lane, endsAt: Number(expiresAt) });
  useOneClickStore.getState().sync();
  const back = new Date(Number(expiresAt) * 1000).toLocaleTimeString();
  toast({
    title: "One-click play revoked",
    description: `The server takes no more of its bets. What is left in the session goes back to your vault at ${back}.`,
  });
}

/**
 * How long the server has, after a session's end, to give its lane's funds back (it sends
 * closeSession for every session that ended) before this tab asks the wallet to.
 */
const SERVER_CLOSES_WITHIN_SECONDS = 60;
/** Ended sessions whose closeSession this page has asked the wallet for, by key: asked once, then the panel's button. */
const askedToClose = new Set<string>();

/**
 * This tab's ended sessions, once ended on the chain's clock: a lane that holds nothing and has no
 * bet open is done with (forgotten); one that still holds funds gets closeSession from the wallet,
 * when the server has not sent it within SERVER_CLOSES_WITHIN_SECONDS.
 */
export async function returnEndedSessions(): Promise<void> {
  const { ended } = useOneClickStore.getState();
  if (ended.length === 0) return;
  const wallet = await readyWallet();
  const now = chainClock(await wallet.provider.getBlock("latest"));
  for (const session of ended) {
    if (now <= session.endsAt) continue;
    const [, nextNonce, nextToResolve, [degen, bnb]] = await wallet.contracts.casino.laneOf(wallet.account, session.lane);
    if (degen === 0n && bnb === 0n) {
      askedToClose.delete(session.key);
      if (nextToResolve === nextNonce) forgetEnded(wallet, session.key);
      continue;
    }
    if (now <= session.endsAt + SERVER_CLOSES_WITHIN_SECONDS || askedToClose.has(session.key)) continue;
    askedToClose.add(session.key);
    await closeSession(session.key).catch((error: unknown) => console.info("The wallet did not send closeSession", error));
  }
}

/** closeSession(player, key) from the wallet: the ended session's lane gives what it holds back to the vault. */
export async function closeSession(key: string, report: TxReport = () => undefined): Promise<void> {
  const wallet = await readyWallet();
  await sendTransaction(wallet, await wallet.contracts.sessions.closeSession.populateTransaction(wallet.account, key), report);
}

/** An ended session with nothing left: the tab stops watching it, and a key kept past its expiry is forgotten. */
function forgetEnded(wallet: ReadyWallet, key: string): void {
  const chainId = wallet.config.chain.id;
  forgetEndedSession(chainId, wallet.account, key);
  if (readSession(chainId, wallet.account)?.grant.key === key) forgetSession(chainId, wallet.account);
  useOneClickStore.getState().sync();
}

/** The key of the connected account's open session, able to sign its bets and actions. */
export interface SessionSigner {
  session: StoredSession;
  /** The session's lane: its bets' nonces are `lane << 32 | n`. */
  lane: bigint;
  /** The Bet's EIP-2098 compact signature, as CasinoSessions.SignedBet carries it. */
  signBet(bet: SessionBet): { r: string; vs: string };
  /** Actions(betId, actions): the whole log so far, 65 bytes as CasinoSessions.settle takes it. */
  signActions(betId: bigint, actions: string): string;
  /** Whether a bet is of this session's lane (its split's second stake then comes from the lane). */
  ownsBet(betId: bigint): boolean;
}

export function sessionSigner(wallet: ReadyWallet): SessionSigner | null {
  const session = readSession(wallet.config.chain.id, wallet.account);
  if (!session?.openedTxHash || session.lane === null) return null;
  const key = new SigningKey(session.privateKey);
  const domain = domainOf(wallet);
  const lane = BigInt(session.lane);
  return {
    session,
    lane,
    signBet(bet) {
      const signature = key.sign(TypedDataEncoder.hash(domain, typesOf(BET_TYPES), bet));
      return { r: signature.r, vs: signature.yParityAndS };
    },
    signActions(betId, actions) {
      return key.sign(TypedDataEncoder.hash(domain, typesOf(ACTIONS_TYPES), { betId, actions })).serialized;
    },
    ownsBet: (betId) => laneOfNonce(betId) === lane,
  };
}

/** A key for one bet alone, for a player without a session (ActionKey): its address, and its signature of the bet's actions. */
export function handKey(wallet: ReadyWallet): { address: string; signActions: (betId: bigint, actions: string) => string } {
  const key = new SigningKey(hexlify(randomBytes(32)));
  const domain = domainOf(wallet);
  return {
    address: computeAddress(key.publicKey),
    signActions: (betId, actions) => key.sign(TypedDataEncoder.hash(domain, typesOf(ACTIONS_TYPES), { betId, actions })).serialized,
  };
}

/** The wallet's one signature of ActionKey(player, betId, key): that key may sign this bet's actions. */
export function signActionKey(wallet: ReadyWallet, betId: bigint, key: string): Promise<string> {
  return wallet.signer.signTypedData(domainOf(wallet), typesOf(ACTION_KEY_TYPES), { player: wallet.account, betId, key });
}
