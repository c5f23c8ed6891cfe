import { parseEther } from "ethers";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Casino } from "../../../typechain-types";
import { GameType, laneNonce } from "../../src/engine";
import { SeedVault } from "../../src/settler/seeds";
import { CHAIN_ID, SIWE_DOMAIN, tempDir } from "../support/app";
import { DEV_KEYS, freePort, type TestChain } from "../support/chain";
import { freshChain } from "../support/fresh-chain";
import { Client, signIn } from "../support/http";
import { onPostgres, serverInstance, type Instance } from "../support/instance";
import { MASTER_SECRET } from "../support/play";
import { startPostgres, type ThrowawayPostgres } from "../support/postgres";
import { openSession, sendBet, signBet, type TestSession } from "../support/sessions";

// Issue #38 item 1: no secret the server holds reaches its log. A server process (as an operator
// runs it, every level logged) on PostgreSQL, whose statements the test makes fail on demand.

const SESSION_SECRET = "0x" + "5e".repeat(32);

let postgres: ThrowawayPostgres | undefined;
let skipReason: string | undefined;
let chain: TestChain;
let temp: ReturnType<typeof tempDir>;
let server: Instance;
let database: pg.Client;
let schema: string;

beforeAll(async () => {
  const started = await startPostgres();
  if ("skip" in started) return void (skipReason = started.skip);
  postgres = started;
  temp = tempDir();
  chain = await freshChain(temp.dir);
  server = serverInstance("secrets", await freePort(), { ...onPostgres(postgres, chain, temp.dir), SESSION_SECRET, LOG_LEVEL: "trace" });
  await server.start();
  database = new pg.Client({ connectionString: postgres.url });
  await database.connect();
  const found = await database.query<{ table_schema: string }>("SELECT table_schema FROM information_schema.tables WHERE table_name = 'session_bets'");
  schema = found.rows[0]!.table_schema;
});
afterAll(async () => {
  await database?.end();
  await server?.kill9();
  await chain?.stop();
  postgres?.stop();
  temp?.dispose();
});

/** A constraint every row breaks: the statements that write session_bets fail until it is dropped. */
async function failingWrites(check: string): Promise<() => Promise<void>> {
  await database.query(`ALTER TABLE ${schema}.session_bets ADD CONSTRAINT issue_38 CHECK (${check}) NOT VALID`);
  return async () => void (await database.query(`ALTER TABLE ${schema}.session_bets DROP CONSTRAINT issue_38`));
}

/** Every form a 32-byte value may take in a line: with or without 0x, either case. */
const forms = (hex: string) => [hex.slice(2).toLowerCase(), hex.slice(2).toUpperCase()];

describe("the server's log", () => {
  it("holds no secret and no unrevealed seed when an intake statement fails, a bet is out of range, or a relay statement fails", async (context) => {
    if (!postgres) return context.skip(skipReason);
    const player = chain.players[0]!;
    const degen = await chain.token.getAddress();
    const casinoAddress = await chain.casino.getAddress();
    const client = new Client(server.url);
    await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
    await (await chain.token.connect(player).approve(casinoAddress, parseEther("100"), { gasLimit: 100_000n })).wait();
    await (await (chain.casino.connect(player) as Casino).deposit(degen, parseEther("100"), { gasLimit: 200_000n })).wait();
    const { session, answer } = await openSession(chain, client, player);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const firstNonce = laneNonce(session.lane, 0);
    const terms = await chain.casino.terms();
    const bet = (s: TestSession, n: bigint, deadline?: bigint) => signBet(chain, s, { game: GameType.WHEEL, params: 0b11n, n, terms, deadline });

    // The intake's statement fails: a 500, its error logged (in the old code, with the seed).
    let restore = await failingWrites("deadline < 0");
    const failed = await sendBet(client, await bet(session, 0n));
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ error: "Internal error" });
    await restore();
    // A deadline past the column's range is the player's mistake: a 400 that names it.
    const tooLate = await sendBet(client, await bet(session, 0n, 2n ** 63n));
    expect(tooLate.status).toBe(400);
    expect(tooLate.body.error).toMatch(/deadline.*out of range/);

    // The relay's statement fails: the bet is taken, and stays queued while the relay logs its failure.
    restore = await failingWrites("status <> 'sent'");
    const first = await bet(session, 0n);
    expect((await sendBet(client, first)).status).toBe(202);
    for (const deadline = Date.now() + 20_000; !server.output.includes("not sent: Failed query"); await new Promise((r) => setTimeout(r, 100)))
      expect(Date.now(), "the relay never logged its failure").toBeLessThan(deadline);
    const beforeAnyReveal = server.output;
    await restore();
    const mined = await client.get(`/api/sessions/bets/${first.betId}?wait=mined`);
    expect(mined.body.status).toBe("mined");

    // The seeds the test derives are the server's: the one the chain revealed matches.
    const seeds = new SeedVault(MASTER_SECRET, CHAIN_ID, casinoAddress);
    let revealed: { seed: string | null } = { seed: null };
    for (let i = 0; i < 100 && !revealed.seed; i++, await new Promise((r) => setTimeout(r, 100)))
      revealed = (await client.get(`/api/fairness/bets/${first.betId}`)).body;
    const laneSeed = (nonce: bigint) => seeds.seed({ player: player.address, nonce, chainFirstNonce: firstNonce, laneKey: session.key.address });
    expect(revealed.seed).toBe(laneSeed(firstNonce));

    const secrets = [MASTER_SECRET, SESSION_SECRET, DEV_KEYS[1]].flatMap(forms);
    // The lane's next seeds, and the wallet chain's: none in any line.
    const walletSeed = (nonce: bigint) => seeds.seed({ player: player.address, nonce, chainFirstNonce: 0n, laneKey: null });
    const unrevealed = (after: bigint) =>
      Array.from({ length: 20 }, (_, i) => BigInt(i)).flatMap((i) => [...forms(laneSeed(firstNonce + after + i)), ...forms(walletSeed(i))]);
    expect(beforeAnyReveal).toContain("Failed query");
    expect(beforeAnyReveal).toContain("params: [not logged]");
    for (const secret of [...secrets, ...unrevealed(0n)]) expect(beforeAnyReveal.includes(secret), `the log holds ${secret}`).toBe(false);
    for (const secret of [...secrets, ...unrevealed(1n)]) expect(server.output.includes(secret), `the log holds ${secret}`).toBe(false);
  });
});
