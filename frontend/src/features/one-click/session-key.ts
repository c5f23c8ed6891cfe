// The session key's life (docs/protocol.md §4): made in this browser, granted once by the wallet
// (EIP-712 Session), opened on chain by the server, used to sign bets and actions, revoked. Loaded
// with the wallet code, only when one-click play is used.
import { computeAddress, getAddress, hexlify, randomBytes, SigningKey, TypedDataEncoder, type TransactionReceipt, type TypedDataField } from "ethers";
import { ACTION_KEY_TYPES, ACTIONS_TYPES, BET_TYPES, gamesMask, SESSION_TOKEN_BITS, SESSION_TYPES, sessionDomain, type SessionBet } from "@engine/session";
import { toast } from "@/features/toast";
import { chainClock, readyWallet, type ReadyWallet, awaitRelay, inWallet, sendTransaction, type TxReport } from "@/features/wallet/onchain";
import { apiRequest, serverErrorText } from "@/lib/api-client";
import { useOneClickStore } from "./one-click-store";
import { forgetSession, readSession, writeSession, type StoredGrant, type StoredSession } from "./storage";
import type { SessionSettings } from "./session-settings";
import { parseCasinoLog } from "@bindings/events";

/** POST /api/sessions: the server opened the session (CasinoSessions.openSession) in this transaction. */
interface OpenAnswer {
  key: string;
  expiresAt: number;
  txHash: string;
}

const typesOf = (types: object) => types as Record<string, TypedDataField[]>;

const domainOf = (wallet: ReadyWallet) => sessionDomain(wallet.config.chain.id, wallet.config.contracts.CasinoSessions);

/**
 * Turns one-click play on: a fresh key and secret, kept in this tab before anything is signed
 * (a reload while the wallet asks keeps them), the wallet's one signature of the Session, and the
 * server's transaction that opens it, believed once the chain shows SessionOpened for this key.
 */
export async function openSession(settings: SessionSettings, steps: { sign: TxReport; open: TxReport }): Promise<void> {
  const wallet = await readyWallet();
  const chainId = wallet.config.chain.id;
  const privateKey = hexlify(randomBytes(32));
  const head = await wallet.provider.getBlock("latest");
  // Counted from the chain's clock, which the contract's 24-hour cap is checked against.
  const now = chainClock(head);
  const grant: StoredGrant = {
    player: wallet.account,
    key: computeAddress(privateKey),
    expiresAt: String(now + settings.hours * 3600),
    tokens: String(settings.tokens.reduce((bits, token) => bits | SESSION_TOKEN_BITS[token], 0)),
    games: String(gamesMask(settings.games)),
    maxBetDegen: String(settings.maxBet.DEGEN),
    maxBetNative: String(settings.maxBet.BNB),
    budgetDegen: String(settings.budget.DEGEN),
    budgetNative: String(settings.budget.BNB),
  };
  const stored: StoredSession = { privateKey, secret: hexlify(randomBytes(32)), grant, openedTxHash: null };
  writeSession(chainId, wallet.account, stored);
  try {
    const signature = await inWallet(steps.sign, () => wallet.signer.signTypedData(domainOf(wallet), typesOf(SESSION_TYPES), grant));
    steps.sign({ phase: "confirmed" });
    const txHash = await awaitRelay(wallet, steps.open, {
      signature,
      send: async () => {
        const answer = await apiRequest<OpenAnswer>("POST", "/api/sessions", { grant, signature }).catch((error: unknown) => {
          throw new Error(serverErrorText(error) ?? "The server could not open one-click play. Please try again.");
        });
        return answer.txHash;
      },
      outcomeOf: (receipt) => openedIn(wallet, receipt, grant),
    });
    writeSession(chainId, wallet.account, { ...stored, openedTxHash: txHash });
  } catch (error) {
    forgetSession(chainId, wallet.account);
    throw error;
  }
  useOneClickStore.getState().sync();
}

/** The opening transaction's SessionOpened must name this player and key; returns its hash. */
function openedIn(wallet: ReadyWallet, receipt: TransactionReceipt, grant: StoredGrant): string {
  const sessionsAddress = getAddress(wallet.config.contracts.CasinoSessions);
  const opened = receipt.logs
    .filter((log) => getAddress(log.address) === sessionsAddress)
    .map(parseCasinoLog)
    .some((event) => event?.name === "SessionOpened" && event.args.player === getAddress(grant.player) && event.args.key === getAddress(grant.key));
  if (!opened) throw new Error("The chain does not show your one-click key opened by the transaction the server named.");
  return receipt.hash;
}

/**
 * Revokes the session: at once in this tab (the key is forgotten and the server told to drop it),
 * then on chain with the wallet's revokeSession transaction, so that no signature of the key
 * counts any more, wherever it went.
 */
export async function revokeSession(report: TxReport): Promise<void> {
  const session = useOneClickStore.getState().session;
  if (!session) return;
  forgetSession(session.chainId, session.player);
  useOneClickStore.getState().sync();
  void apiRequest("DELETE", `/api/sessions/${session.key}`).catch((error: unknown) => console.info("The server did not drop the one-click key", error));
  const wallet = await readyWallet();
  await sendTransaction(wallet, await wallet.contracts.sessions.revokeSession.populateTransaction(session.key), report);
  toast({ title: "One-click play revoked", description: "The key can sign nothing that counts any more." });
}

/** What the open session has lost so far per token, from the chain (CasinoSessions.sessionOf). */
export async function readSessionLosses(): Promise<void> {
  const session = useOneClickStore.getState().session;
  if (!session) return;
  const wallet = await readyWallet();
  const { lost } = await wallet.contracts.sessions.sessionOf(session.player, session.key);
  useOneClickStore.getState().setLost(session.key, { DEGEN: lost[0], BNB: lost[1] });
}

/** The key of the connected account's open session, able to sign its bets and actions. */
export interface SessionSigner {
  session: StoredSession;
  /** The Bet's EIP-2098 compact signature, as CasinoSessions.SignedBet carries it. */
  signBet(bet: SessionBet): { r: string; vs: string };
  /** Actions(betId, actions): the whole log so far, 65 bytes as CasinoSessions.settle takes it. */
  signActions(betId: bigint, actions: string): string;
}

export function sessionSigner(wallet: ReadyWallet): SessionSigner | null {
  const session = readSession(wallet.config.chain.id, wallet.account);
  if (!session?.openedTxHash) return null;
  const key = new SigningKey(session.privateKey);
  const domain = domainOf(wallet);
  return {
    session,
    signBet(bet) {
      const signature = key.sign(TypedDataEncoder.hash(domain, typesOf(BET_TYPES), bet));
      return { r: signature.r, vs: signature.yParityAndS };
    },
    signActions(betId, actions) {
      return key.sign(TypedDataEncoder.hash(domain, typesOf(ACTIONS_TYPES), { betId, actions })).serialized;
    },
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
