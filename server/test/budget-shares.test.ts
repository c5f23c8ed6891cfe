import path from "node:path";
import { parseEther, toQuantity } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameType } from "../src/engine";
import type { Casino } from "../../typechain-types";
import { CHAIN_ID, SIWE_DOMAIN, startServerOn, startTestServer, tempDir, type TestServer } from "./support/app";
import { Client, signIn } from "./support/http";
import { MASTER_SECRET } from "./support/play";
import { openSession, randomKey, sendBet, signBet, type TestSession } from "./support/sessions";

// R4-12: eight addresses, each within its own limits, used all of the
// hour's one-click bets (36, scaled) and an uninvolved player got 429. Every address's first bets
// of the hour are its own share now (chain/budgets.ts): the pool all players share is only what
// comes beyond the shares, and no set of addresses can take another's.

/** The scaled budgets: 2 bets of each wallet's own a clock hour, a pool of 4 for all beyond theirs, 10 a wallet an hour. */
const SHARE = 2;
const POOL = 4;
const BUSY = `One-click play is busy: this wallet has had its own ${SHARE} one-click bets this hour, and the ${POOL} all players share beyond theirs are taken: bet from your wallet, or try again next hour`;

let server: TestServer;
let terms: bigint;

beforeAll(async () => {
  // No relay: the bets stay queued, and count.
  server = await startTestServer(
    {
      MASTER_SECRET,
      SESSION_BETS_SHARE_PER_ADDRESS_PER_HOUR: String(SHARE),
      SESSION_BETS_PER_HOUR: String(POOL),
      SESSION_BETS_PER_ADDRESS_PER_HOUR: "10",
    },
    { settler: false },
  );
  terms = await server.chain.casino.terms();
});
afterAll(async () => server?.close());

/**
 * A new address with gas and 20 DEGEN in its vault, signed in, with a session whose lane holds them
 * (opened through `server`): what it bets next, through `through` (another instance, when given).
 */
async function newPlayer(through: TestServer = server): Promise<() => ReturnType<typeof sendBet>> {
  const { chain } = server;
  const player = randomKey().connect(chain.provider);
  await chain.provider.send("hardhat_setBalance", [player.address, toQuantity(parseEther("1"))]);
  await (await chain.token.transfer(player.address, parseEther("20"))).wait();
  await (await chain.token.connect(player).approve(await chain.casino.getAddress(), parseEther("20"))).wait();
  await (await (chain.casino.connect(player) as Casino).deposit(await chain.token.getAddress(), parseEther("20"))).wait();
  const client = new Client(server.url);
  await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
  const { session, answer } = await openSession(chain, client, player, { budgetNative: 0n });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const betting = through === server ? client : new Client(through.url);
  if (through !== server) await signIn(betting, player, SIWE_DOMAIN, CHAIN_ID);
  let n = 0n;
  return async () => sendBet(betting, await signBet(chain, session as TestSession, { game: GameType.WHEEL, params: 0b11n, n: n++, terms }));
}

describe("each address's own share of the hour's one-click bets", () => {
  it("lets eight addresses use the pool and their own shares up, and an uninvolved player still gets their own bets", async () => {
    const crowd = [];
    for (let i = 0; i < 8; i++) crowd.push(await newPlayer());
    const accepted: number[] = [];
    for (const bet of crowd) {
      let taken = 0;
      for (;;) {
        const answer = await bet();
        if (answer.status !== 202) {
          expect(answer).toMatchObject({ status: 429, body: { error: BUSY } });
          break;
        }
        taken++;
      }
      accepted.push(taken);
    }
    // The first addresses took the pool beyond their shares; every one of them its own share.
    expect(accepted.reduce((sum, taken) => sum + taken, 0)).toBe(8 * SHARE + POOL);
    expect(accepted.every((taken) => taken >= SHARE)).toBe(true);
    for (const bet of crowd) expect(await bet()).toMatchObject({ status: 429, body: { error: BUSY } });

    // A player who had no part in it: their own share is theirs.
    const uninvolved = await newPlayer();
    for (let i = 0; i < SHARE; i++) expect((await uninvolved()).status).toBe(202);
    expect(await uninvolved()).toMatchObject({ status: 429, body: { error: BUSY } });
  });
});

describe("each address's own limits", () => {
  /** Another instance over the same chain and its own database, with these budgets, sending nothing. */
  async function instanceWith(env: Record<string, string>): Promise<TestServer> {
    const temp = tempDir();
    const other = await startServerOn(server.chain, { DATA_DIR: path.join(temp.dir, "db"), MASTER_SECRET, ...env }, { settler: false });
    return { ...other, close: async () => (await other.close(), temp.dispose()) };
  }

  it("refuses a wallet's bet past its limit per 24 hours and per hour with a 429, whatever the pool holds", async () => {
    const daily = await instanceWith({ SESSION_BETS_PER_ADDRESS_PER_DAY: "2" });
    try {
      const bet = await newPlayer(daily);
      for (let i = 0; i < 2; i++) expect((await bet()).status).toBe(202);
      expect(await bet()).toMatchObject({
        status: 429,
        body: { error: "This wallet has reached its limit of 2 one-click bets relayed per 24 hours: bet from your wallet, or try again later" },
      });
    } finally {
      await daily.close();
    }
    const hourly = await instanceWith({ SESSION_BETS_PER_ADDRESS_PER_HOUR: "3" });
    try {
      const bet = await newPlayer(hourly);
      for (let i = 0; i < 3; i++) expect((await bet()).status).toBe(202);
      expect(await bet()).toMatchObject({
        status: 429,
        body: { error: "This wallet has reached its limit of 3 one-click bets relayed per hour: bet from your wallet, or try again later" },
      });
    } finally {
      await hourly.close();
    }
  });
});
