/**
 * A wallet the browser tests control: an injected EIP-1193 provider (`window.ethereum`, announced
 * as MetaMask) whose keys, policy and RPC live in Node (test-wallet-page.ts is the page half).
 * It signs with a Hardhat dev key and sends whatever it does not answer itself to the node of its
 * current chain, from Node so that no CORS rule applies.
 *
 *   const [account] = WALLET_ACCOUNTS_BY_FILE["my-flow.e2e.test.ts"];
 *   const wallet = await TestWallet.install(page, { account, rpcUrl: inject("rpcUrl") });
 *   await page.goto(appUrl); // window.ethereum exists before the app's scripts run
 *   wallet.rejectNextRequest("personal_sign");
 *
 * Like MetaMask, it returns addresses in lower case and starts without a connection to the site:
 * eth_accounts is [] until eth_requestAccounts (or wallet_requestPermissions).
 */
import { randomUUID } from "node:crypto";
import { getBytes, HDNodeWallet, isHexString, toQuantity, type TypedDataDomain, type TypedDataField } from "ethers";
import type { Page } from "playwright-core";
import { injectWallet, type BridgeAnswer, type InjectedWalletConfig, type ProviderErrorShape } from "./test-wallet-page";

const HARDHAT_MNEMONIC = "test test test test test test test test test test test junk";
/** `hardhat node` funds accounts #0–#29 (hardhat.config.ts). */
const DEV_ACCOUNT_COUNT = 30;
/**
 * Accounts of the same mnemonic past the node's: they hold nothing until their test funds them
 * (hardhat_setBalance, see fundUnfundedAccount), so files that need more wallets than the node
 * funds do not change its genesis, which the contract tests' runs depend on.
 */
const UNFUNDED_ACCOUNT_LIMIT = 42;
/** The stack's own keys (scripts/deploy.ts): a test signing with them would disturb the house. */
const RESERVED_ACCOUNTS: ReadonlyMap<number, string> = new Map([
  [0, "the deployer"],
  [1, "the settler"],
  // scripts/deploy.ts: the local team members, whose locks release to them (and nothing else).
  [17, "a team member"],
  [18, "a team member"],
  [19, "a team member"],
]);

/**
 * The dev accounts each browser test file signs with. One file per account, so that no two files
 * share a nonce or a balance; add a line when a file starts using a wallet. Accounts #2–#16 and
 * #20–#29 hold 100,000 DEGEN after deploy.
 */
export const WALLET_ACCOUNTS_BY_FILE = {
  "test-wallet.e2e.test.ts": [2, 3],
  "wallet-dialogs.e2e.test.ts": [8],
  "account.e2e.test.ts": [12, 13],
  "roulette-web3.e2e.test.ts": [6],
  "blackjack-web3.e2e.test.ts": [15, 16],
  "kickboxing-web3.e2e.test.ts": [7, 9],
  "crash-web3.e2e.test.ts": [10, 11],
  "slots-web3.e2e.test.ts": [14],
  "wallet-connect.e2e.test.ts": [4, 5],
  "fairness.e2e.test.ts": [20],
  "late-settlement-and-jackpot.e2e.test.ts": [21, 22],
  "bsc-rehearsal.e2e.test.ts": [24],
  "trust.e2e.test.ts": [23, 25],
  "one-click.e2e.test.ts": [26, 27, 29],
  "one-click-fallback.e2e.test.ts": [28],
  // Unfunded by the node: the file gives them BNB itself.
  "live-bets.e2e.test.ts": [30, 31],
  "casino-floor.e2e.test.ts": [32],
  "wallet-choice.e2e.test.ts": [33, 34],
  "accessibility.e2e.test.ts": [35, 36],
  "usd-values.e2e.test.ts": [39],
  "dice-web3.e2e.test.ts": [37, 38],
  "plinko-web3.e2e.test.ts": [40],
  "mines-web3.e2e.test.ts": [41],
} as const satisfies Record<string, readonly number[]>;

function assertWalletAccount(index: number): void {
  const reserved = RESERVED_ACCOUNTS.get(index);
  if (reserved) throw new Error(`Hardhat dev account #${index} is ${reserved}'s key: a test wallet must never use it`);
  if (!Number.isInteger(index) || index < 0 || index >= UNFUNDED_ACCOUNT_LIMIT) {
    throw new Error(`There is no Hardhat dev account #${index} for a test wallet (wallets use #2–#16 and #20–#${UNFUNDED_ACCOUNT_LIMIT - 1})`);
  }
}

/** Gives an account past the node's funded ones (#30 and above) native BNB to play with; it has no DEGEN. */
export async function fundUnfundedAccount(rpcUrl: string, index: number, wei: bigint): Promise<void> {
  if (index < DEV_ACCOUNT_COUNT) throw new Error(`Hardhat dev account #${index} is funded by the node already`);
  await callNode(rpcUrl, "hardhat_setBalance", [devAccount(index).address, toQuantity(wei)]);
}

function assertDistinctOwners(): void {
  const owners = new Map<number, string>();
  for (const [file, accounts] of Object.entries(WALLET_ACCOUNTS_BY_FILE)) {
    for (const index of accounts) {
      assertWalletAccount(index);
      const owner = owners.get(index);
      if (owner) throw new Error(`Hardhat dev account #${index} is listed for both ${owner} and ${file}`);
      owners.set(index, file);
    }
  }
}
assertDistinctOwners();

/** Hardhat dev account #index (m/44'/60'/0'/0/index); throws for the deployer's and the settler's. */
export function devAccount(index: number): HDNodeWallet {
  assertWalletAccount(index);
  return HDNodeWallet.fromPhrase(HARDHAT_MNEMONIC, undefined, `m/44'/60'/0'/0/${index}`);
}

/** Throws unless the page has no `window.ethereum`, as in a browser without a wallet. */
export async function assertNoWallet(page: Page): Promise<void> {
  if (await page.evaluate(() => "ethereum" in window)) throw new Error("window.ethereum exists: the page has a wallet");
}

export interface WalletRequest {
  method: string;
  params: unknown;
}

/** The requests that ask the player: a signature, a transaction, a connection, a chain switch. */
const ASKING = /^(eth_sendTransaction|eth_signTypedData.*|personal_sign|eth_sign|eth_requestAccounts|wallet_.*)$/;

/** The methods of the requests that asked the player, in order. */
export function asking(requests: readonly WalletRequest[]): string[] {
  return requests.filter((request) => ASKING.test(request.method)).map((request) => request.method);
}

/** A request the wallet keeps open, like a wallet popup, until the test decides. */
export interface HeldRequest {
  /** Settles when the page makes the request. */
  arrived: Promise<WalletRequest>;
  /** Lets the wallet answer the request as usual. */
  approve(): void;
  /** Fails the request with 4001, as when the user clicks "Reject". */
  reject(): void;
}

export interface TestWalletOptions {
  /** Hardhat dev account index, from WALLET_ACCOUNTS_BY_FILE. */
  account: number;
  /** The node of the wallet's first chain; its chain id is asked from it. */
  rpcUrl: string;
  /** The name, reverse-DNS id and icon colour (hex, no #) it announces (EIP-6963); MetaMask's by default. */
  announceAs?: { name: string; rdns: string; colour?: string };
}

type Decision = "approve" | "reject";

interface Intervention {
  /** The method it applies to; any method when undefined. */
  method: string | undefined;
  decide(request: WalletRequest): Promise<Decision>;
}

/** eth_sendTransaction's parameter, with hex quantities as pages send them. */
interface TransactionParams {
  from?: string;
  to?: string;
  data?: string;
  value?: string;
  gas?: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  nonce?: string;
}

interface TypedDataV4 {
  types: Record<string, TypedDataField[]>;
  domain: TypedDataDomain;
  primaryType: string;
  message: Record<string, unknown>;
}

class ProviderError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

const userRejected = () => new ProviderError(4001, "User rejected the request.");
const unauthorized = () => new ProviderError(4100, "The requested account and/or method has not been authorized by the user.");
const invalidParams = (detail: string) => new ProviderError(-32602, `Invalid parameters: ${detail}`);

function errorShape(error: unknown): ProviderErrorShape {
  if (error instanceof ProviderError) return { code: error.code, message: error.message, data: error.data };
  // A fault in the wallet itself or an unreachable node: the page sees MetaMask's internal error code.
  return { code: -32603, message: `Internal JSON-RPC error: ${error instanceof Error ? error.message : String(error)}` };
}

async function callNode(rpcUrl: string, method: string, params: unknown): Promise<unknown> {
  const response = await fetch(rpcUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params: params ?? [] }),
  });
  const body = (await response.json()) as { result?: unknown; error?: ProviderErrorShape };
  // The node's error goes to the page whole: ethers finds revert data in its `data`.
  if (body.error) throw new ProviderError(body.error.code, body.error.message, body.error.data);
  return body.result;
}

const paramList = (params: unknown): unknown[] => (Array.isArray(params) ? params : []);
const quantity = (value: unknown): bigint => BigInt(value as string);

function chainIdParam(value: unknown): number {
  const chainId = (value as { chainId?: unknown } | undefined)?.chainId;
  if (typeof chainId !== "string" || !/^0x[0-9a-fA-F]+$/.test(chainId)) throw invalidParams(`expected a hex chainId, got ${String(chainId)}`);
  return Number.parseInt(chainId, 16);
}

/** EIP-712 types reachable from the primary type: ethers rejects typed data with unused types. */
function typesOf(typedData: TypedDataV4): Record<string, TypedDataField[]> {
  const reachable: Record<string, TypedDataField[]> = {};
  const visit = (type: string) => {
    const base = type.replace(/(\[\d*\])+$/, "");
    const fields = typedData.types[base];
    if (!fields || reachable[base]) return;
    reachable[base] = fields;
    for (const field of fields) visit(field.type);
  };
  visit(typedData.primaryType);
  return reachable;
}

/**
 * Signing methods this wallet does not implement. Forwarded, they would be signed by the Hardhat
 * node's own unlocked keys, the deployer's and the settler's included.
 */
const UNSUPPORTED_SIGNING_METHODS = new Set(["eth_sign", "eth_signTransaction", "eth_signTypedData", "eth_signTypedData_v3"]);

const REQUEST_BINDING = "__degenTestWalletRequest";
const EVENT_HOOK = "__degenTestWalletEmit";
/** Wallets installed per page: each after the first gets bindings of its own. */
const installed = new WeakMap<Page, number>();

export class TestWallet {
  readonly #page: Page;
  #signer: HDNodeWallet;
  #chainId: number;
  readonly #knownChains: Map<number, string>;
  #connected = false;
  #eventHook = EVENT_HOOK;
  readonly #requests: WalletRequest[] = [];
  readonly #interventions: Intervention[] = [];
  /** Sends are filled and sent one at a time, so that two never take the same nonce. */
  #sending: Promise<unknown> = Promise.resolve();

  private constructor(page: Page, signer: HDNodeWallet, chainId: number, rpcUrl: string) {
    this.#page = page;
    this.#signer = signer;
    this.#chainId = chainId;
    this.#knownChains = new Map([[chainId, rpcUrl]]);
  }

  /**
   * Installs the wallet in `page` for every document it loads from now on. A second wallet in the
   * same page announces itself under its own name (EIP-6963) and leaves window.ethereum to the
   * first, as a second extension does.
   */
  static async install(page: Page, { account, rpcUrl, announceAs }: TestWalletOptions): Promise<TestWallet> {
    const wallet = new TestWallet(page, devAccount(account), Number(await callNode(rpcUrl, "eth_chainId", [])), rpcUrl);
    const nth = (installed.get(page) ?? 0) + 1;
    installed.set(page, nth);
    wallet.#eventHook = nth === 1 ? EVENT_HOOK : `${EVENT_HOOK}${nth}`;
    const requestBinding = nth === 1 ? REQUEST_BINDING : `${REQUEST_BINDING}${nth}`;
    await page.exposeFunction(requestBinding, (method: string, params: unknown) => wallet.#answer(method, params));
    const config: InjectedWalletConfig = {
      requestBinding,
      eventHook: wallet.#eventHook,
      // Announced as MetaMask by default, as isMetaMask claims, so that the app cannot tell the two apart.
      walletInfo: {
        uuid: randomUUID(),
        name: announceAs?.name ?? "MetaMask",
        rdns: announceAs?.rdns ?? "io.metamask",
        icon: `data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 2 2'><circle cx='1' cy='1' r='1' fill='%23${announceAs?.colour ?? "f6851b"}'/></svg>`,
      },
      windowEthereum: nth === 1,
    };
    // tsx compiles with esbuild's keepNames, which wraps functions in __name(): the serialised
    // injectWallet then calls a helper the page lacks (vitest's transform adds none).
    await page.addInitScript("globalThis.__name ??= (target) => target;");
    await page.addInitScript(injectWallet, config);
    return wallet;
  }

  /** The checksummed address the wallet signs with now. */
  get address(): string {
    return this.#signer.address;
  }

  get chainId(): number {
    return this.#chainId;
  }

  /** Whether the site holds the eth_accounts permission. */
  get connected(): boolean {
    return this.#connected;
  }

  /** Chain id → RPC URL of every chain the wallet can switch to. */
  get knownChains(): ReadonlyMap<number, string> {
    return this.#knownChains;
  }

  /** Every request the page made, in order, including those rejected or still held. */
  get requests(): readonly WalletRequest[] {
    return this.#requests;
  }

  /** The next request (of `method`, or of any method) fails with 4001. */
  rejectNextRequest(method?: string): void {
    this.#interventions.push({ method, decide: async () => "reject" });
  }

  /** Keeps the next request (of `method`, or of any method) open until the test decides. */
  holdNextRequest(method?: string): HeldRequest {
    let arrive!: (request: WalletRequest) => void;
    let decide!: (decision: Decision) => void;
    const arrived = new Promise<WalletRequest>((resolve) => (arrive = resolve));
    const decision = new Promise<Decision>((resolve) => (decide = resolve));
    this.#interventions.push({
      method,
      decide: (request) => {
        arrive(request);
        return decision;
      },
    });
    return { arrived, approve: () => decide("approve"), reject: () => decide("reject") };
  }

  /** The user picks another account: the wallet signs with it and tells a connected page. */
  async setAccount(index: number): Promise<void> {
    this.#signer = devAccount(index);
    if (this.#connected) await this.#emit("accountsChanged", this.#accounts());
  }

  /** The user picks another known chain in the wallet: requests go to its node from now on. */
  async switchChain(chainId: number): Promise<void> {
    if (!this.#knownChains.has(chainId)) throw new Error(`the wallet knows no chain ${chainId}`);
    await this.#changeChain(chainId);
  }

  /** Emits accountsChanged without changing the wallet, to test how the page copes. */
  emitAccountsChanged(addresses: string[]): Promise<void> {
    return this.#emit("accountsChanged", addresses);
  }

  /** Emits chainChanged (with the hex id) without changing the wallet, to test how the page copes. */
  emitChainChanged(chainId: number): Promise<void> {
    return this.#emit("chainChanged", toQuantity(chainId));
  }

  async #answer(method: string, params: unknown): Promise<BridgeAnswer> {
    const request = { method, params };
    this.#requests.push(request);
    try {
      const index = this.#interventions.findIndex((intervention) => intervention.method === undefined || intervention.method === method);
      if (index >= 0) {
        const [intervention] = this.#interventions.splice(index, 1);
        if ((await intervention.decide(request)) === "reject") throw userRejected();
      }
      return { result: await this.#handle(method, params) };
    } catch (error) {
      return { error: errorShape(error) };
    }
  }

  async #handle(method: string, params: unknown): Promise<unknown> {
    switch (method) {
      case "eth_accounts":
        return this.#connected ? this.#accounts() : [];
      case "eth_requestAccounts":
        await this.#connect();
        return this.#accounts();
      case "eth_chainId":
        return toQuantity(this.#chainId);
      case "net_version":
        return String(this.#chainId);
      case "personal_sign":
        return this.#personalSign(paramList(params));
      case "eth_signTypedData_v4":
        return this.#signTypedData(paramList(params));
      case "eth_sendTransaction":
        return this.#sendTransaction(paramList(params));
      case "wallet_switchEthereumChain":
        return this.#switchEthereumChain(paramList(params));
      case "wallet_addEthereumChain":
        return this.#addEthereumChain(paramList(params));
      case "wallet_requestPermissions":
        await this.#connect();
        return this.#permissions();
      case "wallet_getPermissions":
        return this.#permissions();
      case "wallet_revokePermissions":
        await this.#disconnect();
        return null;
      default:
        if (UNSUPPORTED_SIGNING_METHODS.has(method)) throw new ProviderError(4200, `The test wallet does not support ${method}.`);
        return this.#forward(method, params);
    }
  }

  #accounts(): string[] {
    return [this.#signer.address.toLowerCase()];
  }

  #permissions(): object[] {
    if (!this.#connected) return [];
    return [{ parentCapability: "eth_accounts", caveats: [{ type: "restrictReturnedAccounts", value: this.#accounts() }] }];
  }

  // MetaMask tells the page about a new connection and a revoked one through accountsChanged.
  async #connect(): Promise<void> {
    if (this.#connected) return;
    this.#connected = true;
    await this.#emit("accountsChanged", this.#accounts());
  }

  async #disconnect(): Promise<void> {
    if (!this.#connected) return;
    this.#connected = false;
    await this.#emit("accountsChanged", []);
  }

  #assertSigner(address: unknown): void {
    if (!this.#connected) throw unauthorized();
    if (typeof address !== "string" || address.toLowerCase() !== this.#signer.address.toLowerCase()) throw unauthorized();
  }

  #personalSign([message, address]: unknown[]): Promise<string> {
    this.#assertSigner(address);
    if (typeof message !== "string") throw invalidParams("personal_sign expects [message, address]");
    // A 0x-hex message is the bytes it encodes (how SIWE libraries send text), as MetaMask reads it.
    return this.#signer.signMessage(isHexString(message, true) ? getBytes(message) : message);
  }

  #signTypedData([address, typedData]: unknown[]): Promise<string> {
    this.#assertSigner(address);
    const parsed = (typeof typedData === "string" ? JSON.parse(typedData) : typedData) as TypedDataV4;
    if (!parsed?.types || !parsed.primaryType) throw invalidParams("eth_signTypedData_v4 expects [address, typed data JSON]");
    return this.#signer.signTypedData(parsed.domain, typesOf(parsed), parsed.message);
  }

  #sendTransaction([transaction]: unknown[]): Promise<unknown> {
    const call = transaction as TransactionParams | undefined;
    if (typeof call !== "object" || call === null) throw invalidParams("eth_sendTransaction expects [transaction]");
    this.#assertSigner(call.from ?? this.#signer.address);
    const sent = this.#sending.then(() => this.#fillSignAndSend(call));
    this.#sending = sent.catch(() => undefined);
    return sent;
  }

  /** Fills what the page left out as MetaMask would (pending nonce, gas estimate, fees), then sends raw. */
  async #fillSignAndSend(call: TransactionParams): Promise<unknown> {
    const from = this.#signer.address;
    const [nonce, gasLimit, fees] = await Promise.all([
      call.nonce ?? this.#forward("eth_getTransactionCount", [from, "pending"]),
      call.gas ?? this.#forward("eth_estimateGas", [{ ...call, from }]),
      this.#fees(call),
    ]);
    const signed = await this.#signer.signTransaction({
      chainId: this.#chainId,
      to: call.to,
      data: call.data,
      value: call.value,
      nonce: Number(quantity(nonce)),
      gasLimit: quantity(gasLimit),
      ...fees,
    });
    return this.#forward("eth_sendRawTransaction", [signed]);
  }

  /** EIP-1559 fees when the chain has a base fee (ethers' cap: 2 × base fee + tip), a gas price otherwise. */
  async #fees(call: TransactionParams): Promise<{ type: 0; gasPrice: bigint } | { type: 2; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }> {
    if (call.gasPrice !== undefined) return { type: 0, gasPrice: quantity(call.gasPrice) };
    const block = (await this.#forward("eth_getBlockByNumber", ["latest", false])) as { baseFeePerGas?: string };
    if (block.baseFeePerGas === undefined) return { type: 0, gasPrice: quantity(await this.#forward("eth_gasPrice", [])) };
    const maxPriorityFeePerGas = quantity(call.maxPriorityFeePerGas ?? (await this.#forward("eth_maxPriorityFeePerGas", [])));
    const maxFeePerGas = call.maxFeePerGas !== undefined ? quantity(call.maxFeePerGas) : 2n * quantity(block.baseFeePerGas) + maxPriorityFeePerGas;
    return { type: 2, maxFeePerGas, maxPriorityFeePerGas };
  }

  async #switchEthereumChain([target]: unknown[]): Promise<null> {
    const chainId = chainIdParam(target);
    if (!this.#knownChains.has(chainId)) {
      throw new ProviderError(4902, `Unrecognized chain ID "${toQuantity(chainId)}". Try adding the chain using wallet_addEthereumChain first.`);
    }
    await this.#changeChain(chainId);
    return null;
  }

  /**
   * Learns a chain without switching to it (MetaMask offers the switch at once; pages that follow
   * with wallet_switchEthereumChain, as web3-react does, work with both). A chain the wallet
   * already knows keeps its RPC URL, as in MetaMask, so the app cannot redirect the tests' node.
   */
  #addEthereumChain([chain]: unknown[]): null {
    const chainId = chainIdParam(chain);
    const rpcUrl = (chain as { rpcUrls?: unknown[] }).rpcUrls?.[0];
    if (typeof rpcUrl !== "string") throw invalidParams("wallet_addEthereumChain expects rpcUrls");
    if (!this.#knownChains.has(chainId)) this.#knownChains.set(chainId, rpcUrl);
    return null;
  }

  async #changeChain(chainId: number): Promise<void> {
    if (chainId === this.#chainId) return;
    this.#chainId = chainId;
    await this.#emit("chainChanged", toQuantity(chainId));
  }

  #forward(method: string, params: unknown): Promise<unknown> {
    return callNode(this.#knownChains.get(this.#chainId)!, method, params);
  }

  #emit(event: string, payload: unknown): Promise<void> {
    return this.#page.evaluate(
      ({ hook, event, payload }) => (window as unknown as Record<string, (event: string, payload: unknown) => void>)[hook](event, payload),
      { hook: this.#eventHook, event, payload },
    );
  }
}
