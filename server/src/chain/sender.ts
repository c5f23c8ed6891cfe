import { keccak256, type FeeData, type JsonRpcProvider, type TransactionReceipt, type TransactionRequest, type Wallet } from "ethers";

/** Fee data is read again after this long; a burst of settlements shares one reading. */
const FEE_DATA_TTL_MS = 3_000;

/**
 * The one account the server sends from (the settler key). Every transaction goes through here
 * so nonces are assigned one at a time; the hash is known before broadcast, so a caller can
 * record it first and find the transaction again after a crash.
 */
export class TxSender {
  private queue: Promise<unknown> = Promise.resolve();
  private nextNonce: number | undefined;
  private fees: { data: FeeData; readAt: number } | undefined;

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
        const populated = await this.wallet.populateTransaction({ ...(await this.feeFields(request)), ...request, nonce: this.nextNonce });
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

  /** EIP-1559 or legacy fee fields for a request that names none. */
  private async feeFields(request: TransactionRequest): Promise<TransactionRequest> {
    if (request.gasPrice != null || request.maxFeePerGas != null) return {};
    if (!this.fees || Date.now() - this.fees.readAt > FEE_DATA_TTL_MS) this.fees = { data: await this.provider.getFeeData(), readAt: Date.now() };
    const { maxFeePerGas, maxPriorityFeePerGas, gasPrice } = this.fees.data;
    return maxFeePerGas != null && maxPriorityFeePerGas != null ? { maxFeePerGas, maxPriorityFeePerGas } : { gasPrice };
  }

  /** Waits for a receipt; throws when the transaction reverted. */
  async confirm(hash: string, timeoutMs = 120_000): Promise<TransactionReceipt> {
    const receipt = await this.provider.waitForTransaction(hash, 1, timeoutMs);
    if (!receipt) throw new Error(`transaction ${hash} not mined within ${timeoutMs / 1000} s`);
    if (receipt.status !== 1) throw new Error(`transaction ${hash} reverted`);
    return receipt;
  }
}
