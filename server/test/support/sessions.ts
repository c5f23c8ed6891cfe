import { hexlify, parseEther, randomBytes, Signature, Wallet, ZeroAddress, type Signer, type TypedDataField } from "ethers";
import {
  ACTION_KEY_TYPES,
  ACTIONS_TYPES,
  BET_TYPES,
  betDeadline,
  clientSeedHash,
  laneNonce,
  SESSION_TYPES,
  sessionDomain,
  type GameType,
  type SessionBet,
  type SessionGrant,
} from "../../src/engine";
import { SeedVault } from "../../src/settler/seeds";
import type { TestChain } from "./chain";
import type { Client } from "./http";
import { MASTER_SECRET } from "./play";

const fields = (types: Readonly<Record<string, readonly TypedDataField[]>>) => types as Record<string, TypedDataField[]>;

/** A fresh key, as the browser makes one for a session or a hand. */
export const randomKey = (): Wallet => new Wallet(hexlify(randomBytes(32)));

/** A session as the app holds it: the key, the grant the wallet signed, and its lane (SessionOpened). */
export interface TestSession {
  player: Wallet;
  key: Wallet;
  grant: SessionGrant;
  lane: bigint;
}

export async function sessionsDomain(chain: TestChain) {
  return sessionDomain(31337, await chain.casino.sessions());
}

/** The house's seeds as a server started with the tests' MASTER_SECRET derives them. */
export async function testSeeds(chain: TestChain): Promise<SeedVault> {
  return new SeedVault(MASTER_SECRET, 31337, await chain.casino.getAddress());
}

/**
 * A grant of every game and both tokens for an hour, naming the lane root a server with the tests'
 * MASTER_SECRET derives for the key, budgets of 1,000 DEGEN and 1 BNB, unless overridden.
 */
export async function grantFor(chain: TestChain, player: Wallet, key: Wallet, overrides: Partial<SessionGrant> = {}): Promise<SessionGrant> {
  const now = (await chain.provider.getBlock("latest"))!.timestamp;
  return {
    player: player.address,
    key: key.address,
    commit: (await testSeeds(chain)).laneRoot(player.address, key.address),
    expiresAt: BigInt(Math.max(now, Math.floor(Date.now() / 1000)) + 3600),
    tokens: 3n,
    games: 0x1fn,
    maxBetDegen: parseEther("1000"),
    maxBetNative: parseEther("1"),
    budgetDegen: parseEther("1000"),
    budgetNative: parseEther("1"),
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

/**
 * Opens a session as the app does: a fresh key, the lane's root from POST /api/sessions/lane-root,
 * the wallet's grant naming it (budgets: what the vault holds of each token, unless overridden),
 * and POST /api/sessions. The session as the app keeps it (lane 0 when it was refused), and the answer.
 */
export async function openSession(chain: TestChain, client: Client, player: Wallet, overrides: Partial<SessionGrant> = {}) {
  const key = randomKey();
  const root = await client.post("/api/sessions/lane-root", { key: key.address });
  if (root.status !== 200) throw new Error(`lane root: ${root.status} ${JSON.stringify(root.body)}`);
  const [degen, bnb] = await Promise.all([
    chain.casino.getBalance(player.address, await chain.token.getAddress()),
    chain.casino.getBalance(player.address, ZeroAddress),
  ]);
  const grant = await grantFor(chain, player, key, { commit: root.body.commit, budgetDegen: degen, budgetNative: bnb, ...overrides });
  const answer = await client.post("/api/sessions", { grant: grantJson(grant), signature: await signGrant(chain, player, grant) });
  const session: TestSession = { player, key, grant, lane: BigInt(answer.body.lane ?? 0) };
  return { session, answer };
}

export interface BetChoice {
  token?: "DEGEN" | "BNB";
  amount?: bigint;
  game: GameType;
  params?: bigint;
  /** The bet's place in its session's lane (n of `lane << 32 | n`). */
  n: bigint;
  /** Another nonce than the lane's n-th (to be refused). */
  nonce?: bigint;
  terms: bigint;
  deadline?: bigint;
  /** A client seed of the test's choosing (to steer an outcome, or to sign one again); else a fresh random one, as the app draws. */
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
  const clientSeed = choice.clientSeed ?? hexlify(randomBytes(32));
  const nonce = choice.nonce ?? laneNonce(session.lane, choice.n);
  const bet: SessionBet = {
    player: session.player.address,
    token: (choice.token ?? "DEGEN") === "BNB" ? ZeroAddress : await chain.token.getAddress(),
    amount: choice.amount ?? parseEther("1"),
    game: choice.game,
    params: choice.params ?? 0n,
    clientSeedHash: clientSeedHash(clientSeed),
    nonce,
    terms: choice.terms,
    // As the app signs it: within the acceptance window from the chain's time, or the clock's if later.
    deadline:
      choice.deadline ??
      betDeadline(Math.max((await chain.provider.getBlock("latest"))!.timestamp, Math.floor(Date.now() / 1000)), Number(session.grant.expiresAt)),
  };
  const signature = Signature.from(await session.key.signTypedData(await sessionsDomain(chain), fields(BET_TYPES), bet));
  const { deadline, ...signed } = bet;
  const body = {
    bet: { ...Object.fromEntries(Object.entries(signed).map(([name, value]) => [name, typeof value === "bigint" ? value.toString() : value])), game: bet.game },
    deadline: deadline.toString(),
    r: signature.r,
    vs: signature.yParityAndS,
  };
  return { bet, body, clientSeed, betId: ((BigInt(session.player.address) << 64n) | nonce).toString(), onChain: onChain(bet, clientSeed, signature) };
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
