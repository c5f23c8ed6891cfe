import { existsSync, mkdirSync, readdirSync, renameSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { parseEther } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameType } from "../src/engine";
import { CHAIN_ID, SIWE_DOMAIN, startServerOn, tempDir, type TestServer } from "./support/app";
import { startChain, type TestChain } from "./support/chain";
import { freshChain } from "./support/fresh-chain";
import { Client, signIn } from "./support/http";
import { depositDegen, placeBet, type PlacedBet } from "./support/play";

/**
 * `npm start` twice: a new Hardhat node (new genesis, the Casino at the same address, since the
 * deployer starts from nonce 0 again) and a server on the same DATA_DIR. Before per-chain state,
 * the second server kept the first chain's settler cursor, which lay past the new chain's head,
 * so its bets were never read nor settled.
 */
let temp: ReturnType<typeof tempDir>;
let dataDir: string;
let chain: TestChain | undefined;
let server: TestServer | undefined;

beforeAll(() => {
  temp = tempDir();
  dataDir = path.join(temp.dir, "data");
});
afterAll(async () => {
  await server?.close();
  await chain?.stop();
  temp?.dispose();
});

async function newChain(name: string): Promise<TestChain> {
  await chain?.stop();
  const workDir = path.join(temp.dir, name);
  mkdirSync(workDir);
  // The second chain must be another node (another genesis), not the project's node rewound.
  chain = name === "chain-a" ? await freshChain(workDir) : await startChain(workDir);
  return chain;
}

async function startServer(): Promise<TestServer> {
  await server?.close();
  server = await startServerOn(chain!, { DATA_DIR: dataDir });
  return server;
}

/** A slots bet from the player's vault; resolves once BetSettled is on chain (or fails after 10 s). */
async function settledBet(client: Client): Promise<PlacedBet> {
  const player = chain!.players[0]!;
  const bet = await placeBet(server!, client, player, { token: "DEGEN", amount: parseEther("5"), gameType: GameType.SLOTS });
  const casino = chain!.casino;
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    if ((await casino.queryFilter(casino.filters.BetSettled(bet.betId))).length === 1) return bet;
  }
  throw new Error(`bet ${bet.betId} placed in block ${bet.block} was not settled within 10 s`);
}

async function signedIn(): Promise<Client> {
  const client = new Client(server!.url);
  await signIn(client, chain!.players[0]!, SIWE_DOMAIN, CHAIN_ID);
  return client;
}

const stateFolders = () =>
  readdirSync(dataDir)
    .filter((name) => /^31337-/.test(name))
    .sort();

describe("state per chain across restarts", () => {
  let first: { bet: PlacedBet; folder: string; casino: string; genesis: string };
  let second: { bet: PlacedBet; folder: string; client: Client };

  it("settles a bet on the first chain, then moves its cursor well past where a new chain will be", async () => {
    await newChain("chain-a");
    await startServer();
    const client = await signedIn();
    await depositDegen(server!, chain!.players[0]!, parseEther("100"));
    const bet = await settledBet(client);
    // A session that ran a while: its cursor lies far beyond a fresh chain's deployment.
    await chain!.provider.send("hardhat_mine", ["0x64"]);
    const head = await chain!.provider.getBlockNumber();
    while ((await server!.services.settler.cursor()) < head) await new Promise((r) => setTimeout(r, 50));
    first = {
      bet,
      folder: server!.services.database.where,
      casino: await chain!.casino.getAddress(),
      genesis: (await chain!.provider.getBlock(0))!.hash!,
    };
    expect(server!.services.database.fresh).toBe(true);
  });

  it("settles a bet on a new chain with the Casino at the same address, in a state of its own", async () => {
    await server!.close();
    server = undefined;
    await newChain("chain-b");
    expect(await chain!.casino.getAddress()).toBe(first.casino);
    expect((await chain!.provider.getBlock(0))!.hash).not.toBe(first.genesis);

    await startServer();
    const client = await signedIn();
    await depositDegen(server!, chain!.players[0]!, parseEther("100"));
    const bet = await settledBet(client);
    second = { bet, folder: server!.services.database.where, client };

    expect(server!.services.database.fresh).toBe(true);
    expect(second.folder).not.toBe(first.folder);
    expect(stateFolders()).toEqual([path.basename(first.folder), path.basename(second.folder)].sort());
  });

  it("keeps the first chain's state, with its settled bet", async () => {
    expect(existsSync(first.folder)).toBe(true);
    const old = await PGlite.create(first.folder);
    try {
      const rows = await old.query<{ status: string }>("SELECT status FROM bets WHERE bet_id = $1", [first.bet.betId]);
      expect(rows.rows).toEqual([{ status: "settled" }]);
    } finally {
      await old.close();
    }
  });

  it("reuses the same state when only the server restarts: session and history kept, the next bet settled", async () => {
    await startServer();
    expect(server!.services.database.fresh).toBe(false);
    expect(server!.services.database.where).toBe(second.folder);
    const client = new Client(server!.url);
    client.cookie = second.client.cookie;
    const history = await client.get<{ bets: { betId: string; status: string }[] }>("/api/fairness/bets");
    expect(history.status).toBe(200);
    expect(history.body.bets).toEqual([expect.objectContaining({ betId: second.bet.betId, status: "settled" })]);
    await settledBet(client);
    expect(stateFolders()).toHaveLength(2);
  });

  it("refuses a state whose recorded identity disagrees with its folder's name", async () => {
    await server!.close();
    server = undefined;
    const kv = async (update?: string): Promise<string> => {
      const state = await PGlite.create(second.folder);
      try {
        if (update !== undefined) await state.query("UPDATE kv SET value = $1 WHERE key = 'deployment.identity'", [update]);
        return (await state.query<{ value: string }>("SELECT value FROM kv WHERE key = 'deployment.identity'")).rows[0]!.value;
      } finally {
        await state.close();
      }
    };
    const recorded = await kv();
    await kv(JSON.stringify({ ...JSON.parse(recorded), deploymentBlock: 999 }));
    await expect(startServer()).rejects.toThrow(/^the state at .*31337-.* belongs to chain 31337, Casino 0x.*, deployment block 999, not to chain 31337/);
    await kv(recorded);
    expect((await startServer()).services.database.fresh).toBe(false);
  });
});

describe("a DATA_DIR from before per-chain state", () => {
  it("is moved aside into legacy-<time>/, whole, and the server starts a state of its own", async () => {
    const legacyDir = path.join(temp.dir, "legacy-layout");
    const legacy = await PGlite.create(legacyDir);
    await legacy.exec("CREATE TABLE marker (note text); INSERT INTO marker VALUES ('kept')");
    await legacy.close();
    const entries = readdirSync(legacyDir).sort();
    expect(entries).toContain("PG_VERSION");

    const other = await startServerOn(chain!, { DATA_DIR: legacyDir }, { settler: false });
    await other.close();
    const moved = readdirSync(legacyDir).filter((name) => name.startsWith("legacy-"));
    expect(moved).toHaveLength(1);
    expect(readdirSync(path.join(legacyDir, moved[0]!)).sort()).toEqual(entries);
    expect(readdirSync(legacyDir).filter((name) => /^31337-/.test(name))).toEqual([path.basename(other.services.database.where)]);
    const kept = await PGlite.create(path.join(legacyDir, moved[0]!));
    expect((await kept.query("SELECT note FROM marker")).rows).toEqual([{ note: "kept" }]);
    await kept.close();
  });

  it("finishes a move cut short into the same legacy folder", async () => {
    const legacyDir = path.join(temp.dir, "cut-short");
    const legacy = await PGlite.create(legacyDir);
    await legacy.close();
    const entries = readdirSync(legacyDir).sort();
    mkdirSync(path.join(legacyDir, "legacy-cut"));
    for (const name of entries.filter((name) => name.startsWith("pg_"))) renameSync(path.join(legacyDir, name), path.join(legacyDir, "legacy-cut", name));

    const other = await startServerOn(chain!, { DATA_DIR: legacyDir }, { settler: false });
    await other.close();
    expect(readdirSync(legacyDir).filter((name) => name.startsWith("legacy-"))).toEqual(["legacy-cut"]);
    expect(readdirSync(path.join(legacyDir, "legacy-cut")).sort()).toEqual(entries);
  });
});
