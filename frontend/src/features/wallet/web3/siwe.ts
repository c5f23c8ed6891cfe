import { getAddress, hexlify, toUtf8Bytes } from "ethers";
import { apiRequest } from "@/lib/api-client";
import type { AppConfig } from "@/features/chain";
import type { Eip1193Provider } from "../injected-provider";

/** The server's answer to a sign-in or a session check (GET /api/auth/me). */
export interface ServerSession {
  address: string;
  chainId: number;
  user: { id: number; walletAddress: string; username: string; createdAt: string } | null;
}

const STATEMENT = "Sign in to DEGEN Casino. This request costs no gas and moves no funds.";

/**
 * docs/product.md §4's "message containing a timestamp", as Sign-In with Ethereum (EIP-4361): for this page's
 * host and origin, the server's chain, and a nonce the server issued and accepts once.
 */
export function siweMessage(fields: { domain: string; uri: string; address: string; chainId: number; nonce: string; issuedAt: Date }): string {
  return [
    `${fields.domain} wants you to sign in with your Ethereum account:`,
    getAddress(fields.address),
    "",
    STATEMENT,
    "",
    `URI: ${fields.uri}`,
    "Version: 1",
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt.toISOString()}`,
  ].join("\n");
}

/** Asks the wallet to sign the sign-in message and opens a server session for the account. */
export async function signIn(provider: Eip1193Provider, address: string, config: AppConfig): Promise<ServerSession> {
  const { nonce } = await apiRequest<{ nonce: string }>("GET", "/api/auth/nonce");
  const message = siweMessage({
    domain: window.location.host,
    uri: window.location.origin,
    address,
    chainId: config.siwe.chainId,
    nonce,
    issuedAt: new Date(),
  });
  const signature = (await provider.request({ method: "personal_sign", params: [hexlify(toUtf8Bytes(message)), address] })) as string;
  return apiRequest<ServerSession>("POST", "/api/auth/verify", { message, signature });
}

/** The server session this browser holds, or null (none, expired or revoked). */
export async function currentSession(): Promise<ServerSession | null> {
  try {
    return await apiRequest<ServerSession>("GET", "/api/auth/me");
  } catch {
    return null;
  }
}

export async function endSession(): Promise<void> {
  await apiRequest("POST", "/api/auth/logout").catch(() => undefined);
}
