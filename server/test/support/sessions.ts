import { hexlify, parseEther, randomBytes, Signature, Wallet, ZeroAddress, type Signer, type TypedDataField } from "ethers";
import {
  ACTION_KEY_TYPES,
  ACTIONS_TYPES,
  BET_TYPES,
  betDeadline,
  clientSeedHash,
  SESSION_TYPES,
  sessionClientSeed,
  sessionDomain,
  type GameType,
  type SessionBet,
  type SessionGrant,
} from "../../src/engine";
import type { TestChain } from "./chain";
import type { Client } from "./http";

const fields = (types: Readonly<Record<string, readonly TypedDataField[]>>) => types as Record<string, TypedDataField[]>;

/** A fresh key, as the browser makes one for a session or a hand. */
export const randomKey = (): Wallet => new Wallet(hexlify(randomBytes(32)));

/** A session as the app holds it: the key and the secret its client seeds come from (sessionStorage in the browser). */
export interface TestSession {
  player: Wallet;
  key: Wallet;
  secret: string;
  grant: SessionGrant;
}

export async function sessionsDomain(chain: TestChain) {
  return sessionDomain(31337, await chain.casino.sessions());
}

/** A grant of every game and both tokens for an hour, with generous limits unless overridden. */
export async function grantFor(chain: TestChain, player: Wallet, key: Wallet, overrides: Partial<SessionGrant> = {}): Promise<SessionGrant> {
  const now = (await chain.provider.getBlock("latest"))!.timestamp;
  return {
    player: player.address,
    key: key.address,
    expiresAt: BigInt(Math.max(now, Math.floor(Date.now() / 1000)) + 3600),
    tokens: 3n,
    games: 0x1fn,
    maxBetDegen: parseEther("1000"),
    maxBetNative: parseEther("1"),
    budgetDegen: parseEther("100000"),
    budgetNative: parseEther("10"),
    ...overrides,
  };
}

/** The grant in the JSON the app sends (uint256 as decimal strings). */
export function grantJson(grant: SessionGrant) {
  return Object.fromEntries(Object.entries(grant).map(([name, value]) => [name, typeof value === "bigint" ? value.toString() : value]));
}

export async function signGrant(chain: TestChain, signer: Signer, grant: SessionGrant): Promise<string> {
  return signer.signTypedData(await sessionsDomain(chain), fields(SESSION_TYPES), grant);
}

/** POST /api/sessions with the player's signed grant; the session as the app keeps it, and the answer. */
export async function openSession(chain: TestChain, client: Client, player: Wallet, overrides: Partial<SessionGrant> = {}) {
  const key = randomKey();
  const grant = await grantFor(chain, player, key, overrides);
  const answer = await client.post("/api/sessions", { grant: grantJson(grant), signature: await signGrant(chain, player, grant) });
  const session: TestSession = { player, key, secret: hexlify(randomBytes(32)), grant };
  return { session, answer };
}

export interface BetChoice {
  token?: "DEGEN" | "BNB";
  amount?: bigint;
  game: GameType;
  params?: bigint;
  nonce: bigint;
  expectedCommit: string;
  terms: bigint;
  deadline?: bigint;
  /** Another client seed than the session's for this nonce (to steer an outcome in a test). */
  clientSeed?: string;
}

/** A signed bet as CasinoSessions.place and play take it: the bet with its client seed revealed. */
export type SignedBetOnChain = ReturnType<typeof onChain>;

/**
 * The bet the session key signs (over the hash of its client seed), the body POST
 * /api/sessions/bets takes, the seed the app reveals once the server countersigned it, and the bet
 * as the chain takes it.
 */
export async function signBet(chain: TestChain, session: TestSession, choice: BetChoice) {
  const clientSeed = choice.clientSeed ?? sessionClientSeed(session.secret, choice.nonce);
  const bet: SessionBet = {
    player: session.player.address,
    token: (choice.token ?? "DEGEN") === "BNB" ? ZeroAddress : await chain.token.getAddress(),
    amount: choice.amount ?? parseEther("1"),
    game: choice.game,
    params: choice.params ?? 0n,
    clientSeedHash: clientSeedHash(clientSeed),
    nonce: choice.nonce,
    expectedCommit: choice.expectedCommit,
    terms: choice.terms,
    // As the app signs it: within the acceptance window from the chain's time, or the clock's if later.
    deadline:
      choice.deadline ?? betDeadline(Math.max((await chain.provider.getBlock("latest"))!.timestamp, Math.floor(Date.now() / 1000)), Number.MAX_SAFE_INTEGER),
  };
  const signature = Signature.from(await session.key.signTypedData(await sessionsDomain(chain), fields(BET_TYPES), bet));
  const { deadline, ...signed } = bet;
  const body = {
    bet: { ...Object.fromEntries(Object.entries(signed).map(([name, value]) => [name, typeof value === "bigint" ? value.toString() : value])), game: bet.game },
    deadline: deadline.toString(),
    r: signature.r,
    vs: signature.yParityAndS,
  };
  return { bet, body, clientSeed, betId: ((BigInt(session.player.address) << 64n) | choice.nonce).toString(), onChain: onChain(bet, clientSeed, signature) };
}

function onChain(bet: SessionBet, clientSeed: string, signature: Signature) {
  const { deadline, clientSeedHash: _hash, game, ...fields } = bet;
  return { bet: { ...fields, gameType: game, clientSeed }, deadline, r: signature.r, vs: signature.yParityAndS };
}

/**
 * A signed bet sent as the app sends it: POST /api/sessions/bets, then, once the server took it
 * (202, with its countersignature), its client seed (POST /api/sessions/bets/:betId/seed), which
 * the relay needs to send it. The bet's answer.
 */
export async function sendBet(client: Client, signed: { body: unknown; betId: string; clientSeed: string }) {
  const answer = await client.post("/api/sessions/bets", signed.body);
  if (answer.status !== 202) return answer;
  const revealed = await client.post(`/api/sessions/bets/${signed.betId}/seed`, { clientSeed: signed.clientSeed });
  if (revealed.status !== 200) throw new Error(`revealing the client seed of bet ${signed.betId}: ${revealed.status} ${JSON.stringify(revealed.body)}`);
  return answer;
}

/** A key's EIP-712 signature of Actions(betId, actions). */
export async function signActions(chain: TestChain, key: Signer, betId: string, actions: string): Promise<string> {
  return key.signTypedData(await sessionsDomain(chain), fields(ACTIONS_TYPES), { betId, actions });
}

/** The wallet's EIP-712 ActionKey(player, betId, key): a key for one bet's actions. */
export async function signActionKey(chain: TestChain, player: Wallet, betId: string, key: string): Promise<string> {
  return player.signTypedData(await sessionsDomain(chain), fields(ACTION_KEY_TYPES), { player: player.address, betId, key });
}

/** A key for one bet's actions, named by the player's wallet (POST /api/action-keys): the path of a player without a session. */
export async function nameActionKey(chain: TestChain, client: Client, player: Wallet, betId: string): Promise<Wallet> {
  const key = randomKey();
  const answer = await client.post("/api/action-keys", { betId, key: key.address, grant: await signActionKey(chain, player, betId, key.address) });
  if (answer.status !== 200) throw new Error(`action key: ${answer.status} ${JSON.stringify(answer.body)}`);
  return key;
}
