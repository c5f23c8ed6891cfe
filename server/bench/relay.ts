/**
 * The session relay's throughput (issue #20: ≥ 200 session bets relayed a second on this 2-core
 * machine, 1 s blocks), and the same stream across a kill -9 of the lease holder. Bets are signed
 * ahead by each player's session key, posted at an offered rate (each player's in nonce order, as
 * the app sends them), and timed until the chain shows each placed; every accepted bet must be
 * placed exactly once. The load is many players at a few bets a second each, as a casino's is:
 * one player's bets are taken one after the other (in nonce order, under the player's lock), so a
 * handful of players each betting fifty times a second would measure one player's round trip.
 */
import { hexlify, keccak256, parseEther, randomBytes, Signature, toBeHex, toUtf8Bytes, Wallet, type TypedDataDomain, type TypedDataField } from "ethers";
import { BET_TYPES, betDeadline, clientSeedHash, GameType, laneNonce, sessionDomain, type SessionBet } from "../src/engine";
import type { Casino } from "../../typechain-types/contracts/Casino";
import { CHAIN_ID, SIWE_DOMAIN } from "../test/support/app";
import type { TestChain } from "../test/support/chain";
import { Client, signIn } from "../test/support/http";
import { metricOf } from "../test/support/instance";
import { openSession, sendBet, type TestSession } from "../test/support/sessions";

/**
 * Players betting at once: the test chain's funded players, and as many more made for the bench.
 * 300, each betting once a second at the offered rate from one session: the relay sends one bet of
 * a lane per transaction and none while its last is in flight (docs/decisions.md §4, "lanes"), so
 * a session's bets land one a block at most, and 60 players (the bench before) could never make
 * more than 60 a second.
 */
export const RELAY_PLAYERS = Number(process.env.BENCH_RELAY_PLAYERS ?? 300);
const PLAYERS = RELAY_PLAYERS;
/**
 * 30 a player: 9,000 bets, 30 s at the offered rate, so that the wait of the stream's first bet
 * and of its last, which every relay has, are a small part of the time the throughput is taken over.
 */
const BETS_PER_PLAYER = Number(process.env.BENCH_RELAY_BETS_PER_PLAYER ?? 30);
export const RELAY_OFFERED_PER_SEC = Number(process.env.BENCH_RELAY_OFFERED_PER_SEC ?? 300);
const OFFERED_PER_SEC = RELAY_OFFERED_PER_SEC;

/** How long sending a stream takes at the offered rate. */
export const relayStreamSeconds = () => (BETS_PER_PLAYER * PLAYERS) / OFFERED_PER_SEC;
const GAMES = [
  { game: GameType.WHEEL, params: 0b111n },
  { game: GameType.SLOTS, params: 0n },
  { game: GameType.KICKBOXING, params: 1n },
  { game: GameType.CRASH, params: 200n },
] as const;

/** The server settings a relay bench needs: budgets and rate limits out of the way (they still run). */
export const RELAY_BENCH_ENV = {
  SESSION_BETS_PER_ADDRESS_PER_DAY: "100000000",
  SESSION_BETS_PER_HOUR: "100000000",
  RATE_LIMIT_ADDRESS_PER_MINUTE: "100000000",
  // Every player of the bench signs in from this one address.
  RATE_LIMIT_AUTH_PER_MINUTE: "100000000",
};

/** A player ready to bet: signed in to every instance, with a session (a lane of its own). */
interface ReadySeat {
  player: Wallet;
  /** One signed-in client per server instance. */
  clients: Client[];
  session: TestSession;
}

interface Seat extends ReadySeat {
  bets: { betId: string; clientSeed: string; body: unknown }[];
}

/** How much DEGEN each player deposits: its bets' stakes, many times over. */
const DEPOSIT = parseEther("5000");

/** PLAYERS wallets: the chain's funded players, then wallets made from a fixed phrase, given gas and DEGEN by them. */
async function benchPlayers(chain: TestChain): Promise<Wallet[]> {
  const made = Array.from(
    { length: Math.max(0, PLAYERS - chain.players.length) },
    (_, i) => new Wallet(keccak256(toUtf8Bytes(`relay bench player ${i}`)), chain.provider),
  );
  for (const [i, player] of made.entries()) {
    await chain.provider.send("hardhat_setBalance", [player.address, toBeHex(parseEther("10"))]);
    const funder = chain.players[i % chain.players.length]!;
    await (await chain.token.connect(funder).transfer(player.address, DEPOSIT)).wait();
  }
  return [...chain.players, ...made].slice(0, PLAYERS);
}

/** Players prepared at once: each seat's sign-in, deposit and session are a few round trips. */
const PREPARED_TOGETHER = 10;

/**
 * Each player deposits and opens a session; then every seat's bets are signed
 * ahead, with one deadline taken once all are ready: the server takes a deadline at most its
 * acceptance window ahead, and the seats' own transactions move the chain's clock by seconds each
 * (a deadline taken at each seat's setup had passed for the first 240 of 300 players).
 */
export async function prepareSeats(chain: TestChain, urls: string[]): Promise<Seat[]> {
  const players = await benchPlayers(chain);
  const ready: ReadySeat[] = [];
  for (let i = 0; i < players.length; i += PREPARED_TOGETHER) {
    ready.push(...(await Promise.all(players.slice(i, i + PREPARED_TOGETHER).map((player) => prepareSeat(chain, urls, player)))));
  }
  const now = (await chain.provider.getBlock("latest"))!.timestamp;
  const context = {
    degen: await chain.token.getAddress(),
    terms: await chain.casino.terms(),
    domain: sessionDomain(CHAIN_ID, await chain.casino.sessions()),
  };
  return Promise.all(ready.map(async (seat) => ({ ...seat, bets: await signBets(seat, context, betDeadline(now, Number(seat.session.grant.expiresAt))) })));
}

async function prepareSeat(chain: TestChain, urls: string[], player: Wallet): Promise<ReadySeat> {
  const casinoAddress = await chain.casino.getAddress();
  const degen = await chain.token.getAddress();
  const clients: Client[] = [];
  for (const url of urls) {
    const client = new Client(url);
    await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
    clients.push(client);
  }
  await (await chain.token.connect(player).approve(casinoAddress, DEPOSIT)).wait();
  await (await (chain.casino.connect(player) as Casino).deposit(degen, DEPOSIT)).wait();
  // The lane takes the whole deposit: its bets stake from it.
  const { session, answer } = await openSession(chain, clients[0]!, player, { budgetDegen: DEPOSIT, budgetNative: 0n });
  if (answer.status !== 200) throw new Error(`session: ${JSON.stringify(answer.body)}`);
  return { player, clients, session };
}

async function signBets(
  { player, session }: ReadySeat,
  { degen, terms, domain }: { degen: string; terms: bigint; domain: TypedDataDomain },
  deadline: bigint,
): Promise<Seat["bets"]> {
  const types = BET_TYPES as unknown as Record<string, TypedDataField[]>;
  const bets: Seat["bets"] = [];
  for (let k = 0; k < BETS_PER_PLAYER; k++) {
    const nonce = laneNonce(session.lane, k);
    // Every signature gets a client seed of its own, drawn at random, as the app draws it.
    const clientSeed = hexlify(randomBytes(32));
    const bet: SessionBet = {
      player: player.address,
      token: degen,
      amount: parseEther("1"),
      ...GAMES[k % GAMES.length]!,
      clientSeedHash: clientSeedHash(clientSeed),
      nonce,
      terms,
      deadline,
    };
    const signature = Signature.from(await session.key.signTypedData(domain, types, bet));
    const { deadline: signedDeadline, ...signed } = bet;
    bets.push({
      betId: ((BigInt(player.address) << 64n) | nonce).toString(),
      clientSeed,
      body: {
        bet: { ...signed, amount: signed.amount.toString(), params: signed.params.toString(), nonce: nonce.toString(), terms: terms.toString() },
        deadline: signedDeadline.toString(),
        r: signature.r,
        vs: signature.yParityAndS,
      },
    });
  }
  return bets;
}

interface Sent {
  betId: string;
  postedAt: number;
  headAtAnswer: number;
}

/**
 * Posts every seat's bets at OFFERED_PER_SEC in all, each player's in order, to the instance of
 * its seat (another when that one does not answer: the same signed bet, joined if it was taken).
 */
export async function streamBets(seats: Seat[], head: () => number): Promise<{ sent: Sent[]; refused: string[]; startedAt: number; sendingSeconds: number }> {
  const perPlayerIntervalMs = (1000 * seats.length) / OFFERED_PER_SEC;
  const sent: Sent[] = [];
  const refused: string[] = [];
  const startedAt = Date.now();
  await Promise.all(
    seats.map(async (seat, i) => {
      for (const [k, bet] of seat.bets.entries()) {
        const due = startedAt + k * perPlayerIntervalMs;
        if (due > Date.now()) await new Promise((r) => setTimeout(r, due - Date.now()));
        const postedAt = Date.now();
        for (let attempt = 0; ; attempt++) {
          const answer = await sendBet(seat.clients[(i + attempt) % seat.clients.length]!, bet).catch(() => undefined);
          if (answer?.status === 202) break;
          if (answer && answer.status < 500) {
            refused.push(`${answer.status} ${JSON.stringify(answer.body)}`);
            return;
          }
          await new Promise((r) => setTimeout(r, 50));
        }
        sent.push({ betId: bet.betId, postedAt, headAtAnswer: head() });
      }
    }),
  );
  return { sent, refused, startedAt, sendingSeconds: (Date.now() - startedAt) / 1000 };
}

/** The chain's head, read every 100 ms, so that a bet's acceptance and landing can be told in blocks. */
export function headWatcher(chain: TestChain): { head: () => number; stop(): void } {
  let head = 0;
  let stopped = false;
  void (async () => {
    while (!stopped) {
      head = await chain.provider.getBlockNumber().catch(() => head);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return { head: () => head, stop: () => (stopped = true) };
}

/** Where and when the bench first saw a bet placed on chain, and how many times it was placed. */
export type Landings = Map<string, { block: number; txHash: string; seenAt: number; count: number }>;

/**
 * Watches the chain from `fromBlock` for the placements of the bets `prepared`, every 100 ms while
 * the stream runs, so that each bet's landing is timed when it happens; `until` waits for those
 * of the bets the servers accepted.
 */
export function watchLandings(chain: TestChain, fromBlock: number, prepared: Set<string>): { until(accepted: Set<string>): Promise<Landings> } {
  const seen: Landings = new Map();
  let next = fromBlock;
  let stopped = false;
  const scan = async () => {
    const headNow = await chain.provider.getBlockNumber();
    if (headNow < next) return;
    for (const log of await chain.casino.queryFilter(chain.casino.filters.BetPlaced(), next, headNow)) {
      const id = log.args.betId.toString();
      if (!prepared.has(id)) continue;
      const known = seen.get(id);
      if (known) known.count++;
      else seen.set(id, { block: log.blockNumber, txHash: log.transactionHash, seenAt: Date.now(), count: 1 });
    }
    next = headNow + 1;
  };
  const watching = (async () => {
    while (!stopped) {
      // A read the node failed is made again on the next turn.
      await scan().catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    async until(accepted) {
      for (const started = Date.now(); ![...accepted].every((id) => seen.has(id)) && Date.now() - started < 300_000;) {
        await new Promise((r) => setTimeout(r, 100));
      }
      stopped = true;
      await watching;
      // A last look: a placement doubled in a later block would show here.
      await new Promise((r) => setTimeout(r, 2_000));
      await scan();
      return seen;
    },
  };
}

/**
 * How the relay sent the stream: the share of its bets sent without a simulation first, as the
 * instances at `urls` counted them since they last started (a killed instance's count is gone),
 * and the relay transactions of the stream's blocks that reverted, read from the chain.
 */
export async function relayConduct(chain: TestChain, urls: string[], fromBlock: number): Promise<{ unsimulatedShare: number; reverted: number }> {
  const counted = { sent: 0, unsimulated: 0 };
  for (const url of urls) {
    counted.sent += (await metricOf({ url }, "degen_relay_bets_sent_total")) ?? 0;
    counted.unsimulated += (await metricOf({ url }, "degen_relay_bets_unsimulated_total")) ?? 0;
  }
  const [settler, sessions, head] = await Promise.all([chain.casino.settler(), chain.casino.sessions(), chain.provider.getBlockNumber()]);
  let reverted = 0;
  for (let number = fromBlock; number <= head; number++) {
    for (const tx of (await chain.provider.getBlock(number, true))!.prefetchedTransactions) {
      if (tx.from === settler && tx.to === sessions && (await chain.provider.getTransactionReceipt(tx.hash))!.status === 0) reverted++;
    }
  }
  return { unsimulatedShare: counted.sent ? Math.round((counted.unsimulated / counted.sent) * 100) / 100 : 0, reverted };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** One line of figures for a stream: throughput, batching, latency, and the loss / double count. */
export function relayFigures(
  label: string,
  stream: Awaited<ReturnType<typeof streamBets>>,
  landed: Landings,
  conduct: Awaited<ReturnType<typeof relayConduct>>,
) {
  const bets = stream.sent.length;
  const lastSeen = Math.max(...[...landed.values()].map((l) => l.seenAt));
  const perTx = new Map<string, number>();
  for (const l of landed.values()) perTx.set(l.txHash, (perTx.get(l.txHash) ?? 0) + 1);
  const blocks = stream.sent.flatMap((s) => (landed.has(s.betId) ? [landed.get(s.betId)!.block - s.headAtAnswer] : [])).sort((a, b) => a - b);
  const latencies = stream.sent.flatMap((s) => (landed.has(s.betId) ? [landed.get(s.betId)!.seenAt - s.postedAt] : [])).sort((a, b) => a - b);
  const blocksUsed = [...new Set([...landed.values()].map((l) => l.block))].sort((a, b) => a - b);
  return {
    case: label,
    bets,
    offeredPerSec: OFFERED_PER_SEC,
    acceptedPerSec: Math.round(bets / stream.sendingSeconds),
    relayedPerSec: Math.round(landed.size / ((lastSeen - stream.startedAt) / 1000)),
    relayTransactions: perTx.size,
    betsPerTransaction: { mean: Math.round(landed.size / perTx.size), max: Math.max(...perTx.values()) },
    mostBetsInOneBlock: Math.max(...blocksUsed.map((b) => [...landed.values()].filter((l) => l.block === b).length)),
    blocksFromAcceptanceToLanding: { median: percentile(blocks, 0.5), p99: percentile(blocks, 0.99), max: blocks[blocks.length - 1] },
    postToSeenOnChainMs: { p50: percentile(latencies, 0.5), p95: percentile(latencies, 0.95) },
    longestGapBetweenRelayBlocks: Math.max(0, ...blocksUsed.slice(1).map((b, i) => b - blocksUsed[i]!)),
    refused: stream.refused.length,
    // Each refusal's answer, counted: a player's stream stops at their first.
    refusedFor: Object.fromEntries([...new Set(stream.refused)].map((answer) => [answer, stream.refused.filter((a) => a === answer).length])),
    lost: bets - landed.size,
    doubled: [...landed.values()].filter((l) => l.count > 1).length,
    unsimulatedShare: conduct.unsimulatedShare,
    revertedRelayTransactions: conduct.reverted,
  };
}
