import type { AddressInfo } from "node:net";
import { createServer, type RequestListener, type Server } from "node:http";
import { SiweMessage } from "siwe";
import type { Signer } from "ethers";

export async function listen(app: RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = await new Promise((resolve) => {
    const s = createServer(app).listen(0, "127.0.0.1", () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like caller: keeps the session cookie and sends JSON. */
export class Client {
  cookie: string | undefined;
  constructor(
    readonly baseUrl: string,
    readonly origin?: string,
  ) {}

  async call<T = any>(method: string, path: string, body?: unknown, init: { rawBody?: string; headers?: Record<string, string> } = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...init.headers };
    if (this.cookie) headers.cookie = this.cookie;
    if (this.origin) headers.origin = this.origin;
    const payload = init.rawBody ?? (body === undefined ? undefined : JSON.stringify(body));
    if (payload !== undefined && !headers["content-type"]) headers["content-type"] = "application/json";
    const response = await fetch(this.baseUrl + path, { method, headers, body: payload });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) {
      const pair = setCookie.split(";")[0]!;
      this.cookie = pair.endsWith("=") ? undefined : pair;
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // Left as text: the tests assert JSON where it matters.
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string) {
    return this.call<T>("GET", path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.call<T>("POST", path, body ?? {});
  }
}

export interface SiweOverrides {
  domain?: string;
  uri?: string;
  chainId?: number;
  nonce?: string;
  issuedAt?: string;
  expirationTime?: string;
}

export async function signInMessage(client: Client, wallet: Signer & { address: string }, domain: string, chainId: number, overrides: SiweOverrides = {}) {
  const nonce = overrides.nonce ?? (await client.get<{ nonce: string }>("/api/auth/nonce")).body.nonce;
  const message = new SiweMessage({
    domain: overrides.domain ?? domain,
    address: wallet.address,
    statement: "Sign in to DEGEN Casino",
    uri: overrides.uri ?? `http://${domain}`,
    version: "1",
    chainId: overrides.chainId ?? chainId,
    nonce,
    issuedAt: overrides.issuedAt ?? new Date().toISOString(),
    expirationTime: overrides.expirationTime,
  }).prepareMessage();
  const signature = await wallet.signMessage(message);
  return { message, signature, nonce };
}

export async function signIn(client: Client, wallet: Signer & { address: string }, domain: string, chainId: number): Promise<Answer> {
  const signed = await signInMessage(client, wallet, domain, chainId);
  const answer = await client.post("/api/auth/verify", { message: signed.message, signature: signed.signature });
  if (answer.status !== 200) throw new Error(`sign-in failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}
