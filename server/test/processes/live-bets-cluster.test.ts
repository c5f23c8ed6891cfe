import { parseEther } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GameType } from "../../src/engine";
import type { LiveBet } from "../../src/feed/feed-rows";
import { CHAIN_ID, SIWE_DOMAIN, tempDir, type TestServer } from "../support/app";
import { freePort, type TestChain } from "../support/chain";
import { freshChain } from "../support/fresh-chain";
import { Client, signIn } from "../support/http";
import { onPostgres, serverInstance, type Instance } from "../support/instance";
import { depositDegen, placeBet } from "../support/play";
import { startPostgres, type ThrowawayPostgres } from "../support/postgres";
import { StreamClient } from "../support/sse";

/**
 * The live feed on several instances sharing PostgreSQL: the lease holder records the settlement,
 * and an instance that never settles (SETTLER=off) streams it too, through LISTEN/NOTIFY.
 */
let postgres: ThrowawayPostgres | undefined;
let skipReason: string | undefined;
let chain: TestChain;
let temp: ReturnType<typeof tempDir>;
const instances: Instance[] = [];
const streams: StreamClient[] = [];

beforeAll(async () => {
  const started = await startPostgres();
  if ("skip" in started) {
    skipReason = started.skip;
    console.log(`Live feed cluster test skipped: ${skipReason}`);
    return;
  }
  postgres = started;
  temp = tempDir();
  chain = await freshChain(temp.dir);
  const env = {
    ...onPostgres(postgres, chain, temp.dir),
  };
  instances.push(serverInstance("holder", await freePort(), env), serverInstance("web", await freePort(), { ...env, SETTLER: "off" }));
  // One after the other: the first takes the lease.
  for (const instance of instances) await instance.start();
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  for (const instance of instances) await instance.kill9();
  await chain?.stop();
  postgres?.stop();
  temp?.dispose();
});

describe("the live feed on several instances", () => {
  it("streams a bet settled by the lease holder from an instance that does not settle, with the chain's amounts", async (context) => {
    if (skipReason) return context.skip();
    const [holder, web] = instances as [Instance, Instance];
    const fromWeb = await StreamClient.open(`${web.url}/api/bets/live`);
    const fromHolder = await StreamClient.open(`${holder.url}/api/bets/live`);
    streams.push(fromWeb, fromHolder);
    const player = chain.players[0]!;
    const client = new Client(web.url);
    await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
    // placeBet and depositDegen read only the chain of the server they are given.
    const server = { chain, url: web.url } as TestServer;
    await depositDegen(server, player, parseEther("100"));
    const bet = await placeBet(server, client, player, { token: "DEGEN", amount: parseEther("10"), gameType: GameType.WHEEL, params: 1n });

    // Well within the 15 s heartbeat's re-read: the signal brought it.
    const seen = await Promise.all(
      [fromWeb, fromHolder].map(
        async (stream) => JSON.parse((await stream.next((e) => e.event === "bet" && e.data.includes(bet.betId), 5_000)).data) as LiveBet,
      ),
    );
    const casino = chain.casino;
    const [settled] = await casino.queryFilter(casino.filters.BetSettled(bet.betId));
    const played = (await casino.queryFilter(casino.filters.GamePlayed(player.address), settled!.blockNumber, settled!.blockNumber)).find(
      (log) => log.transactionHash === settled!.transactionHash && log.index > settled!.index,
    )!;
    for (const live of seen) {
      expect(live).toMatchObject({
        betId: bet.betId,
        player: player.address,
        stake: played.args.betAmount.toString(),
        payout: played.args.payout.toString(),
        settledBlock: settled!.blockNumber,
      });
    }

    // A browser arriving at the web instance later gets it in the snapshot.
    const late = await StreamClient.open(`${web.url}/api/bets/live`);
    streams.push(late);
    const snapshot = JSON.parse((await late.next((e) => e.event === "snapshot")).data) as LiveBet[];
    expect(snapshot[0]).toMatchObject({ betId: bet.betId, payout: played.args.payout.toString() });

    // The leaderboards and the player's numbers read the same from either instance, dated by the holder's reader.
    // The feed shows a settlement from its receipt, ahead of the log scan; the numbers count bets
    // up to the scan's cursor (`readUpTo`), so they are read once it has passed the settlement.
    const block = await chain.provider.getBlock(settled!.blockNumber);
    const statsOf = async (instance: Instance) => {
      for (;;) {
        const { body } = await new Client(instance.url).get(`/api/players/${player.address}`);
        if (body.readUpTo >= settled!.blockNumber) return body;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    const [fromWebStats, fromHolderStats] = await Promise.all([web, holder].map(statsOf));
    expect(fromWebStats.games).toEqual(fromHolderStats.games);
    expect(fromWebStats.games).toEqual([expect.objectContaining({ bets: 1, wagered: played.args.betAmount.toString(), paid: played.args.payout.toString() })]);
    expect(fromWebStats.profitOverTime.DEGEN).toEqual([[block!.timestamp, (played.args.payout - played.args.betAmount).toString()]]);
    const boards = await Promise.all(
      [web, holder].map(async (instance) => (await new Client(instance.url).get("/api/leaderboards?window=24h&token=DEGEN")).body),
    );
    expect(boards[0].wagered).toEqual([{ player: player.address, username: null, bets: 1, amount: played.args.betAmount.toString() }]);
    expect(boards[0].wagered).toEqual(boards[1].wagered);
  });
});
