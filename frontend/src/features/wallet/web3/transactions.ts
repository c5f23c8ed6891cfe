// Every transaction of the player's, and every request the server relays for a signature, goes
// through these steps so that each shows the same progress: checked against the chain first,
// then waiting for the wallet, pending (with its hash), then confirmed, failed or cancelled.
import type { ContractTransaction, TransactionReceipt } from "ethers";
import { shortHash } from "@/components/ui/tx-hash";
import { explorerTxUrl } from "@/features/chain";
import { useAccountStore } from "@/features/account";
import { useWalletStore } from "../wallet-store";
import { isUserRejection } from "./errors";
import { explain, ExplainedError, type ExplainContext, type Explanation } from "./explain";
import type { ReadyWallet } from "./index";

export type TxPhase =
  /** Not reached yet. */
  | "idle"
  /** Simulated against the chain before the wallet opens. */
  | "checking"
  | "waiting-for-wallet"
  /** Sent; for a relayed request, until the server's transaction is mined. */
  | "pending"
  | "confirmed"
  | "failed"
  /** The player said no in the wallet. */
  | "cancelled"
  /** Not needed this time (an allowance that already covers a deposit). */
  | "skipped";

export interface TxUpdate {
  phase: TxPhase;
  hash?: string;
  /** The transaction's page on the chain's explorer; null where the chain has none. */
  explorerUrl?: string | null;
  reason?: Explanation;
}

/** Where a step tells what it is doing (a dialog's progress list, a game's bet banner). */
export type TxReport = (update: TxUpdate) => void;

/** A refusal in the wallet: a quiet cancel, never an error message. */
export class TxCancelled extends Error {
  constructor() {
    super("Cancelled in the wallet");
    this.name = "TxCancelled";
  }
}

/** Gas limits carry 25 % headroom over the estimate: state can move between estimate and mining. */
export function withGasHeadroom(estimate: bigint): bigint {
  return (estimate * 125n + 99n) / 100n;
}

function failed(report: TxReport, error: unknown, context: ExplainContext): ExplainedError {
  const reason = explain(error, context);
  report({ phase: "failed", reason });
  return error instanceof ExplainedError ? error : new ExplainedError(reason, { cause: error });
}

/** Runs a check against the chain before anything opens in the wallet; a refusal fails the step with its sentence. */
export async function simulate<T>(report: TxReport, check: () => Promise<T>, context: ExplainContext = {}): Promise<T> {
  report({ phase: "checking" });
  try {
    return await check();
  } catch (error) {
    throw failed(report, error, context);
  }
}

/** Something the player is asked in the wallet (a transaction, a signature). */
export async function inWallet<T>(report: TxReport, ask: () => Promise<T>, context: ExplainContext = {}): Promise<T> {
  report({ phase: "waiting-for-wallet" });
  try {
    return await ask();
  } catch (error) {
    if (isUserRejection(error)) {
      report({ phase: "cancelled" });
      throw new TxCancelled();
    }
    throw failed(report, error, context);
  }
}

/** After the chain took the player's action: the balances shown (the header's, the account's) are read again. */
async function confirmed(report: TxReport, wallet: ReadyWallet, hash: string): Promise<void> {
  report({ phase: "confirmed", hash, explorerUrl: explorerTxUrl(wallet.config.chain, hash) });
  await Promise.all([useWalletStore.getState().refreshBalances(), useAccountStore.getState().refreshBalances()]);
}

/**
 * One transaction from the player's wallet: its gas estimate is the simulation (a revert is
 * decoded before the wallet opens), the limit gets headroom, then it is sent and awaited.
 */
export async function sendTransaction(
  wallet: ReadyWallet,
  request: ContractTransaction,
  report: TxReport,
  context: ExplainContext = {},
): Promise<TransactionReceipt> {
  const explainContext = { nativeSymbol: wallet.config.chain.nativeCurrency.symbol, ...context };
  const estimate = await simulate(report, () => wallet.signer.estimateGas(request), explainContext);
  const response = await inWallet(report, () => wallet.signer.sendTransaction({ ...request, gasLimit: withGasHeadroom(estimate) }), explainContext);
  report({ phase: "pending", hash: response.hash, explorerUrl: explorerTxUrl(wallet.config.chain, response.hash) });
  let receipt: TransactionReceipt | null;
  try {
    receipt = await response.wait();
  } catch (error) {
    throw failed(report, error, explainContext);
  }
  if (receipt?.status !== 1) throw failed(report, new Error("The transaction failed on chain."), explainContext);
  await confirmed(report, wallet, receipt.hash);
  return receipt;
}

/** How long the wallet's node may take to show a transaction the server says is mined. */
const RELAYED_RECEIPT_TIMEOUT_MS = 60_000;

/** A request the server sends for the player's signature, and how to tell from its receipt what it did. */
export interface RelayedRequest<Outcome> {
  /** The player's signature of the request: the transaction the server names must carry it. */
  signature: string;
  /** Asks the server to send it; resolves to the hash of the mined transaction it names. */
  send: () => Promise<string>;
  /** What the transaction did, from its receipt's events; throws when they do not show the request done. */
  outcomeOf: (receipt: TransactionReceipt) => Outcome;
}

/**
 * A request the server sends for the player (its answer comes once the transaction is mined).
 * Only the hash is taken from the server's answer (issue #19, finding R2-12): the transaction and its
 * receipt are read through the wallet's provider; it must carry the player's signature (which
 * names the relay's nonce, so no earlier transaction can pass for it) and its events must show
 * the request done.
 */
export async function awaitRelay<Outcome>(
  wallet: ReadyWallet,
  report: TxReport,
  request: RelayedRequest<Outcome>,
  context: ExplainContext = {},
): Promise<Outcome> {
  report({ phase: "pending" });
  let hash: string;
  let outcome: Outcome;
  try {
    hash = await request.send();
    report({ phase: "pending", hash, explorerUrl: explorerTxUrl(wallet.config.chain, hash) });
    const named = `The transaction the server named (${shortHash(hash)})`;
    const receipt = await wallet.provider.waitForTransaction(hash, 1, RELAYED_RECEIPT_TIMEOUT_MS).catch((error: unknown) => {
      if ((error as { code?: unknown }).code !== "TIMEOUT") throw error;
      return null;
    });
    if (!receipt) throw new Error(`${named} is not on chain.`);
    if (receipt.status !== 1) throw new Error(`${named} failed on chain.`);
    outcome = request.outcomeOf(receipt);
    const transaction = await wallet.provider.getTransaction(hash);
    if (!transaction?.data.toLowerCase().includes(request.signature.slice(2).toLowerCase())) {
      throw new Error(`${named} is not your request: it does not carry the signature you just gave.`);
    }
  } catch (error) {
    throw failed(report, error, context);
  }
  await confirmed(report, wallet, hash);
  return outcome;
}
