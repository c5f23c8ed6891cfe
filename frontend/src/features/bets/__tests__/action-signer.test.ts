import { computeAddress, getAddress, recoverAddress, TypedDataEncoder, verifyTypedData, Wallet } from "ethers";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ACTION_KEY_TYPES, ACTIONS_TYPES, sessionDomain } from "@engine/session";
import { useOneClickStore } from "@/features/one-click/one-click-store";
import { betIdOf } from "@engine/betId";
import { laneNonce } from "@engine/session";
import { writeSession } from "@/features/one-click/storage";
import { useWalletStore } from "@/features/wallet";
import { actionSignerFor } from "../onchain/action-signer";

// Who signs an interactive bet's actions: the open session's key, or without one a key the
// wallet names for this bet alone (one EIP-712 ActionKey signature), told to the server.
const SESSIONS = getAddress("0x" + "5e".repeat(20));
const CHAIN_ID = 31337;
const player = new Wallet("0x" + "11".repeat(32));
const BET_ID = (BigInt(player.address) << 64n) | 7n;
const domain = sessionDomain(CHAIN_ID, SESSIONS);
const types = (typed: object) => typed as Record<string, { name: string; type: string }[]>;

const posts = vi.hoisted(() => [] as { url: string; body: Record<string, string> }[]);
const walletSignatures = vi.hoisted(() => ({ count: 0 }));
/** The server's answer to the next POST /api/action-keys, when it refuses it: [status, body]. */
const refusal = vi.hoisted(() => ({ next: null as [number, string] | null }));
vi.mock("@/lib/api-client", async (importActual) => {
  const { ApiError } = await importActual<typeof import("@/lib/api-client")>();
  return {
    ApiError,
    apiRequest: async (_method: string, url: string, body: Record<string, string>) => {
      posts.push({ url, body });
      const refused = refusal.next;
      refusal.next = null;
      if (refused) throw new ApiError(...refused);
      return { betId: body.betId, key: body.key };
    },
    serverErrorText: (error: unknown) => (error instanceof ApiError ? JSON.parse(error.detail).error : null),
  };
});
vi.mock("@/features/wallet/web3", () => ({
  readyWallet: async () => ({
    account: player.address,
    config: { chain: { id: 31337 }, contracts: { CasinoSessions: getAddress("0x" + "5e".repeat(20)) } },
    signer: {
      signTypedData: (...args: Parameters<Wallet["signTypedData"]>) => {
        walletSignatures.count++;
        return player.signTypedData(...args);
      },
    },
  }),
}));

const signerOf = (betId: bigint, actions: string, signature: string) =>
  recoverAddress(TypedDataEncoder.hash(domain, types(ACTIONS_TYPES), { betId, actions }), signature);

describe("the signer of a hand's or a round's actions", () => {
  beforeEach(() => {
    posts.length = 0;
    walletSignatures.count = 0;
    sessionStorage.clear();
    useOneClickStore.getState().sync();
  });

  it("without a session: the wallet names a fresh key for this bet alone, once, the server is told, and the key signs every log", async () => {
    const signer = await actionSignerFor(BET_ID);
    expect(signer.viaSession).toBe(false);
    expect(walletSignatures.count).toBe(1);
    const [post] = posts;
    expect(post!.url).toBe("/api/action-keys");
    expect(post!.body).toMatchObject({ betId: BET_ID.toString() });
    // The grant: the player's EIP-712 ActionKey(player, betId, key), as CasinoSessions.settle checks it.
    expect(verifyTypedData(domain, types(ACTION_KEY_TYPES), { player: player.address, betId: BET_ID, key: post!.body.key }, post!.body.grant)).toBe(
      player.address,
    );
    for (const actions of ["0x50", "0x5053", "0x505348"]) expect(signerOf(BET_ID, actions, signer.sign(actions))).toBe(post!.body.key);
    expect(walletSignatures.count).toBe(1);
  });

  it("a round that ended before its key was named (409: its outcome is fixed already) needs no action: the signer is given, no error", async () => {
    refusal.next = [409, JSON.stringify({ error: "This bet's outcome is fixed already" })];
    const signer = await actionSignerFor(BET_ID);
    expect(posts).toHaveLength(1);
    expect(signer.viaSession).toBe(false);
  });

  it("any other refusal of the key fails with the server's reason", async () => {
    refusal.next = [403, JSON.stringify({ error: "This bet belongs to another wallet" })];
    await expect(actionSignerFor(BET_ID)).rejects.toThrow("This bet belongs to another wallet");
  });

  it("with one-click play on: the session's key signs, with no wallet signature and no key to name; a split comes from the lane only for the lane's own bet", async () => {
    const privateKey = "0x" + "42".repeat(32);
    writeSession(CHAIN_ID, player.address, {
      privateKey,
      lane: 3,
      openedTxHash: "0x" + "0f".repeat(32),
      grant: {
        player: player.address,
        key: computeAddress(privateKey),
        commit: "0x" + "77".repeat(32),
        expiresAt: String(Math.floor(Date.now() / 1000) + 3_600),
        tokens: "3",
        games: "31",
        maxBetDegen: "1",
        maxBetNative: "1",
        budgetDegen: "1",
        budgetNative: "1",
      },
    });
    useWalletStore.setState({ mode: "web3", account: player.address, chainId: CHAIN_ID });
    useOneClickStore.getState().sync();
    // A bet of the session's lane (nonce 3 << 32 | 4), and a wallet bet (lane 0).
    const laneBet = betIdOf(player.address, laneNonce(3, 4));
    const signer = await actionSignerFor(laneBet);
    expect(signer.viaSession).toBe(true);
    expect(signerOf(laneBet, "0x0077", signer.sign("0x0077"))).toBe(computeAddress(privateKey));
    const walletHand = await actionSignerFor(BET_ID);
    expect(walletHand.viaSession).toBe(false);
    expect(signerOf(BET_ID, "0x0077", walletHand.sign("0x0077"))).toBe(computeAddress(privateKey));
    expect(walletSignatures.count).toBe(0);
    expect(posts).toEqual([]);
  });
});
