import { vi } from "vitest";
import { CasinoSessions__factory } from "@typechain/factories/contracts/CasinoSessions__factory";

type Listener = (...args: unknown[]) => void;
type Handler = (params: unknown) => unknown;

/**
 * An injected EIP-1193 wallet for jsdom tests of the wallet layer: each method answers through a
 * handler the test may replace, and the test emits the wallet's events. One fake can serve a
 * whole test file: `reset()` it between tests.
 */
export class FakeWallet {
  readonly isMetaMask = true;
  readonly calls: { method: string; params: unknown }[] = [];
  private listeners = new Map<string, Set<Listener>>();
  handlers = new Map<string, Handler>();

  constructor(
    public account = "0x1234567890abcdef1234567890abcdef12345678",
    public chainId = 31337,
  ) {
    this.reset();
  }

  reset(): void {
    this.calls.length = 0;
    this.handlers = new Map<string, Handler>([
      ["eth_requestAccounts", () => [this.account]],
      ["eth_accounts", () => [this.account]],
      ["eth_chainId", () => `0x${this.chainId.toString(16)}`],
      ["personal_sign", () => "0x" + "11".repeat(65)],
      ["wallet_switchEthereumChain", (params) => this.switchTo(params)],
      ["wallet_revokePermissions", () => null],
      // Balance reads: every balance and the jackpot pool read 0 unless a test says otherwise.
      ["eth_call", () => "0x" + "00".repeat(32)],
      ["eth_getBalance", () => "0x0"],
      ["eth_blockNumber", () => "0x1"],
    ]);
  }

  request = vi.fn(async ({ method, params }: { method: string; params?: unknown }) => {
    this.calls.push({ method, params });
    const handler = this.handlers.get(method);
    if (!handler) throw Object.assign(new Error(`The fake wallet does not answer ${method}`), { code: 4200 });
    return handler(params);
  });

  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }

  removeListener(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }

  callsOf(method: string) {
    return this.calls.filter((call) => call.method === method);
  }

  private switchTo(params: unknown): null {
    const [{ chainId }] = params as [{ chainId: string }];
    this.chainId = Number.parseInt(chainId, 16);
    this.emit("chainChanged", chainId);
    return null;
  }
}

const LANES_OF = CasinoSessions__factory.createInterface().getFunction("lanesOf").selector;

/**
 * An eth_call handler answering `wei` to every balance read (the vault, the wallet's DEGEN, the
 * jackpot pool), and no one-click session to CasinoSessions.lanesOf (no lanes to read).
 */
export function everyBalance(wei: bigint): Handler {
  return (params) => {
    const [{ data }] = params as [{ data: string }];
    return "0x" + (data.startsWith(LANES_OF) ? 0n : wei).toString(16).padStart(64, "0");
  };
}

/** An EIP-1193 error, as a wallet raises it. */
export function walletError(code: number, message = "refused"): Error {
  return Object.assign(new Error(message), { code });
}

export const TEST_CONFIG = {
  chain: {
    id: 31337,
    hexId: "0x7a69",
    name: "Hardhat Local",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: ["http://127.0.0.1:8545"],
    blockExplorerUrls: [],
  },
  contracts: {
    DegenToken: "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707",
    Casino: "0xa513E6E4b8f2a923D98304ec87F64353C4D5C853",
    CasinoRelay: "0x9bd03768a7DCc129555dE410FF8E85528A4F88b5",
    CasinoSwap: "0x440C0fCDC317D69606eabc35C0F676D1a8251Ee1",
    CasinoSessions: "0x0165878A594ca255338adfa4d48449f69242Eb8F",
    CasinoLimits: "0x80E2E2367C5E9D070Ae2d6d50bF0cdF6360a7151",
  },
  deploymentBlock: 1,
  settler: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  siwe: { domain: "localhost:3000", uri: "http://localhost:3000", chainId: 31337 },
};

/**
 * A fetch for the server routes the wallet layer calls. The session answer follows the last
 * sign-in; other routes answer 404 unless the test adds them.
 */
export function fakeServer(extra: Record<string, (body: unknown) => { status?: number; body: unknown }> = {}) {
  let session: { address: string } | null = null;
  const requests: { method: string; path: string; body: unknown }[] = [];
  const answer = (status: number, body: unknown) =>
    new Response(body === undefined ? "" : JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), "http://localhost").pathname;
    const method = init?.method ?? "GET";
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    requests.push({ method, path, body });
    const route = `${method} ${path}`;
    if (extra[route]) {
      const result = extra[route](body);
      return answer(result.status ?? 200, result.body);
    }
    switch (route) {
      case "GET /api/config":
        return answer(200, TEST_CONFIG);
      case "GET /api/auth/nonce":
        return answer(200, { nonce: "abcdefgh12345678" });
      case "POST /api/auth/verify": {
        const address = /\n(0x[0-9a-fA-F]{40})\n/.exec((body as { message: string }).message)![1]!;
        session = { address };
        return answer(200, { address, chainId: 31337, user: null });
      }
      case "GET /api/auth/me":
        return session ? answer(200, { ...session, chainId: 31337, user: null }) : answer(401, { error: "Sign in first" });
      case "POST /api/auth/logout":
        session = null;
        return answer(200, { ok: true });
      default:
        return answer(404, { error: "Not found" });
    }
  });
  return { fetch, requests, setSession: (address: string | null) => (session = address ? { address } : null) };
}
