import { isAddress, keccak256, type FeeData, type JsonRpcProvider, type TransactionRequest, type Wallet } from "ethers";
import { signEip1559 } from "./eip1559";
import { digestSigner } from "./secp256k1";

/** The request fields signEip1559 signs; a request with any other (from, accessList, …) is signed by ethers. */
const SIGNED_BY_HAND = new Set(["to", "data", "gasLimit", "maxFeePerGas", "maxPriorityFeePerGas", "value", "type", "nonce"]);

/** Fee data is read again after this long; a burst of settlements shares one reading. */
const FEE_DATA_TTL_MS = 3_000;

/**
 * The one account the server sends from (the settler key), for the outbox (chain/outbox.ts), its
 * only caller: nonces are assigned one at a time, and the hashes are known before broadcast, so
 * the outbox records them first and finds the transactions again after a crash.
 */
export class TxSender {
  private queue: Promise<unknown> = Promise.resolve();
  private nextNonce: number | undefined;
  private fees: { data: FeeData; readAt: number } | undefined;
  private readonly signDigest: (digest: string) => string;

  /** `mayBroadcast`: whether this instance holds the settler lease; another holder sends from the same account. */
  constructor(
    readonly wallet: Wallet,
    readonly provider: JsonRpcProvider,
    private readonly mayBroadcast: () => boolean = () => true,
  ) {
    this.signDigest = digestSigner(wallet.privateKey);
  }

  get address(): string {
    return this.wallet.address;
  }

  /**
   * Signs the requests with consecutive nonces, lets `beforeBroadcast` record all their hashes
   * at once, then broadcasts them in nonce order. When a broadcast fails the nonce is read again
   * from the chain and the rest are not sent; the caller looks them all up by hash.
   */
  sendAll(requests: TransactionRequest[], beforeBroadcast?: (hashes: string[]) => Promise<void>): Promise<string[]> {
    const run = async () => {
      try {
        if (!this.mayBroadcast()) throw new Error("this instance does not hold the settler lease");
        this.nextNonce ??= await this.provider.getTransactionCount(this.wallet.address, "pending");
        const signed: { raw: string; hash: string }[] = [];
        for (const [i, request] of requests.entries())
          signed.push(await this.sign({ ...(await this.feeFields(request)), ...request, nonce: this.nextNonce + i }));
        const hashes = signed.map((tx) => tx.hash);
        await beforeBroadcast?.(hashes);
        // One at a time: a node may take a JSON-RPC batch in any order, and one that mines on
        // arrival (Hardhat's automine) refuses a nonce ahead of the next. Sent as is: ethers'
        // broadcastTransaction would parse each back and recover the signer.
        for (const { raw } of signed) {
          await this.provider.send("eth_sendRawTransaction", [raw]);
          this.nextNonce++;
        }
        return hashes;
      } catch (error) {
        this.nextNonce = undefined;
        throw error;
      }
    };
    const result = this.queue.then(run, run);
    this.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Reads the nonce from the chain again before the next send: a transaction of ours was dropped,
   * so the nonces after it wait behind a gap that only a new transaction at its nonce fills; or
   * this instance just took the lease over, and another holder used nonces meanwhile.
   */
  forgetNonce(): Promise<void> {
    const reset = () => {
      this.nextNonce = undefined;
    };
    const result = this.queue.then(reset, reset);
    this.queue = result;
    return result;
  }

  /**
   * A request with its gas limit, an EIP-1559 fee, a plain address and no value (every relay
   * transaction) is signed by signEip1559: ethers took 69 ms to serialize and sign one of 200 bets,
   * three a round, between the round's simulation and its broadcast. Any other is filled in
   * (its gas estimated) and signed by ethers.
   */
  private async sign(request: TransactionRequest & { nonce: number }): Promise<{ raw: string; hash: string }> {
    const { to, data, gasLimit, maxFeePerGas, maxPriorityFeePerGas, value, type } = request;
    const plain =
      typeof to === "string" &&
      isAddress(to) &&
      typeof data === "string" &&
      gasLimit != null &&
      maxFeePerGas != null &&
      maxPriorityFeePerGas != null &&
      (value == null || BigInt(value) === 0n) &&
      (type == null || type === 2) &&
      Object.keys(request).every((key) => SIGNED_BY_HAND.has(key));
    if (!plain) {
      const raw = await this.wallet.signTransaction(await this.wallet.populateTransaction(request));
      return { raw, hash: keccak256(raw) };
    }
    const { chainId } = await this.provider.getNetwork();
    const fields = {
      chainId,
      nonce: request.nonce,
      maxPriorityFeePerGas: BigInt(maxPriorityFeePerGas),
      maxFeePerGas: BigInt(maxFeePerGas),
      gasLimit: BigInt(gasLimit),
      to,
      data,
    };
    return signEip1559(fields, this.signDigest);
  }

  /** EIP-1559 or legacy fee fields for a request that names none. */
  private async feeFields(request: TransactionRequest): Promise<TransactionRequest> {
    if (request.gasPrice != null || request.maxFeePerGas != null) return {};
    if (!this.fees || Date.now() - this.fees.readAt > FEE_DATA_TTL_MS) this.fees = { data: await this.provider.getFeeData(), readAt: Date.now() };
    const { maxFeePerGas, maxPriorityFeePerGas, gasPrice } = this.fees.data;
    return maxFeePerGas != null && maxPriorityFeePerGas != null ? { maxFeePerGas, maxPriorityFeePerGas } : { gasPrice };
  }
}
