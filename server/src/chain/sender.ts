import { keccak256, type JsonRpcProvider, type TransactionReceipt, type TransactionRequest, type Wallet } from "ethers";

/**
 * The one account the server sends from (the settler key). Every transaction goes through here
 * so nonces are assigned one at a time; the hash is known before broadcast, so a caller can
 * record it first and find the transaction again after a crash.
 */
export class TxSender {
  private queue: Promise<unknown> = Promise.resolve();
  private nextNonce: number | undefined;

  constructor(
    readonly wallet: Wallet,
    readonly provider: JsonRpcProvider,
  ) {}

  get address(): string {
    return this.wallet.address;
  }

  /**
   * Signs `request`, lets `beforeBroadcast` record the hash, then broadcasts. A request that
   * would revert fails here (gas estimation) before anything is recorded.
   */
  send(request: TransactionRequest, beforeBroadcast?: (hash: string) => Promise<void>): Promise<string> {
    const run = async () => {
      try {
        this.nextNonce ??= await this.provider.getTransactionCount(this.wallet.address, "pending");
        const populated = await this.wallet.populateTransaction({ ...request, nonce: this.nextNonce });
        const signed = await this.wallet.signTransaction(populated);
        const hash = keccak256(signed);
        await beforeBroadcast?.(hash);
        await this.provider.broadcastTransaction(signed);
        this.nextNonce++;
        return hash;
      } catch (error) {
        this.nextNonce = undefined;
        throw error;
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Waits for a receipt; throws when the transaction reverted. */
  async confirm(hash: string, timeoutMs = 120_000): Promise<TransactionReceipt> {
    const receipt = await this.provider.waitForTransaction(hash, 1, timeoutMs);
    if (!receipt) throw new Error(`transaction ${hash} not mined within ${timeoutMs / 1000} s`);
    if (receipt.status !== 1) throw new Error(`transaction ${hash} reverted`);
    return receipt;
  }
}
