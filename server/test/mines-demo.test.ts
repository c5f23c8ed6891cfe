import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./support/app";
import { Client } from "./support/http";

/**
 * Demo mines (routes/mines.ts): rounds in the server's memory, the mines hidden until the round is
 * over, payouts to the wei as engine/src/mines.ts prices them (stake × RTP × C(25, k) ÷ C(25 − mines, k)).
 */
let server: TestServer;
let client: Client;
beforeAll(async () => {
  server = await startTestServer({}, { settler: false });
  client = new Client(server.url);
});
afterAll(async () => server?.close());

const ROUND_FIELDS = ["roundId", "betId", "token", "mines", "revealed", "status", "safe", "mineTiles", "cashOut", "nextCashOut", "payout", "actions"];

async function start(mines: number, betAmount: number | string = 10, token = "DEGEN") {
  const answer = await client.post("/api/mines/start", { token, action: "START", betAmount, mines });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body;
}

const reveal = (roundId: string, tile: number, token = "DEGEN") => client.post("/api/mines/reveal", { token, roundId, tile });
const cashOut = (roundId: string, token = "DEGEN") => client.post("/api/mines/cashout", { token, roundId });

/** A round whose first reveal of `tile` came out as wished (the layout is the server's secret: start again until it does). */
async function roundAfterReveal(
  mines: number,
  tile: number,
  wished: "PLAYING" | "BUSTED" | "CASHED_OUT",
  tries = 500,
  token = "DEGEN",
  betAmount: number | string = 10,
) {
  for (let i = 0; i < tries; i++) {
    const round = await start(mines, betAmount, token);
    const answer = await reveal(round.roundId, tile, token);
    expect(answer.status).toBe(200);
    if (answer.body.status === wished) return answer.body;
  }
  throw new Error(`no ${wished} round in ${tries} starts`);
}

describe("demo mines", () => {
  it("starts a round with the mines hidden: no layout in the answer while it is in play", async () => {
    const round = await start(3);
    expect(Object.keys(round).sort()).toEqual([...ROUND_FIELDS].sort());
    expect(round).toMatchObject({
      betId: null,
      token: "DEGEN",
      mines: 3,
      revealed: [],
      status: "PLAYING",
      safe: 0,
      mineTiles: null,
      cashOut: "0",
      payout: "0",
      actions: "",
    });
    // One safe tile of 22 beside 3 mines: 10 × 1.02 × 25 ÷ 22.
    expect(round.nextCashOut).toBe("11.590909090909090909");
  });

  it("pays 10.625 DEGEN for one safe tile beside one mine (10 × 1.02 × 25 ÷ 24), then shows the mine", async () => {
    const safe = await roundAfterReveal(1, 0, "PLAYING");
    expect(safe).toMatchObject({ status: "PLAYING", revealed: [0], safe: 1, mineTiles: null, cashOut: "10.625", payout: "0", actions: "a" });
    // Two safe tiles: 10 × 1.02 × 25 × 24 ÷ (24 × 23), rounded down to the wei.
    expect(safe.nextCashOut).toBe("11.086956521739130434");
    const cashed = await cashOut(safe.roundId);
    expect(cashed.status).toBe(200);
    expect(cashed.body).toMatchObject({ status: "CASHED_OUT", safe: 1, payout: "10.625", cashOut: "10.625", nextCashOut: null, actions: "aC" });
    expect(cashed.body.mineTiles).toHaveLength(1);
    expect(cashed.body.mineTiles).not.toContain(0);
    expect(await reveal(safe.roundId, 1)).toMatchObject({ status: 409, body: { error: "The round is over (CASHED_OUT): no tile can be revealed" } });
    expect(await cashOut(safe.roundId)).toMatchObject({ status: 409, body: { error: "The round is over (CASHED_OUT): it cannot be cashed out" } });
  });

  it("pays BNB's 0.98: 1 BNB, one safe tile beside one mine, 1.020833333333333333 BNB", async () => {
    const safe = await roundAfterReveal(1, 7, "PLAYING", 500, "BNB", 1);
    const cashed = await cashOut(safe.roundId, "BNB");
    expect(cashed.body).toMatchObject({ token: "BNB", status: "CASHED_OUT", payout: "1.020833333333333333", actions: "hC" });
  });

  it("ends a round on a mine with nothing, and shows every mine", async () => {
    const busted = await roundAfterReveal(24, 12, "BUSTED");
    expect(busted).toMatchObject({ status: "BUSTED", revealed: [12], safe: 0, payout: "0", cashOut: "0", nextCashOut: null, actions: "m" });
    expect(busted.mineTiles).toHaveLength(24);
    expect(busted.mineTiles).toContain(12);
    expect(await reveal(busted.roundId, 3)).toMatchObject({ status: 409 });
    expect(await cashOut(busted.roundId)).toMatchObject({ status: 409 });
  });

  it("ends a round paid on its last safe tile: 10 × 1.02 × 25 = 255 DEGEN beside 24 mines, and takes nothing after", async () => {
    const won = await roundAfterReveal(24, 4, "CASHED_OUT");
    expect(won).toMatchObject({ status: "CASHED_OUT", revealed: [4], safe: 1, payout: "255", nextCashOut: null, actions: "e" });
    expect(won.mineTiles).toHaveLength(24);
    expect(won.mineTiles).not.toContain(4);
    expect(await cashOut(won.roundId)).toMatchObject({ status: 409, body: { error: "The round is over (CASHED_OUT): it cannot be cashed out" } });
  });

  it("refuses a cash-out before the first tile, a tile twice, another token, and an unknown round", async () => {
    const round = await start(2);
    expect(await cashOut(round.roundId)).toMatchObject({ status: 409, body: { error: "Reveal a tile before cashing out" } });
    const safe = await roundAfterReveal(2, 24, "PLAYING");
    expect(await reveal(safe.roundId, 24)).toMatchObject({ status: 409, body: { error: "Tile 24 is revealed already" } });
    expect(await reveal(safe.roundId, 3, "BNB")).toMatchObject({ status: 400, body: { error: "This round is played in DEGEN" } });
    expect((await reveal(safe.roundId, 3)).body.revealed).toEqual([24, 3]);
    expect(await reveal("6f1c0a7e-0000-4000-8000-000000000000", 3)).toMatchObject({ status: 404, body: { error: "Mines round not found" } });
  });

  it("refuses malformed bodies: mines outside 1 to 24, a tile outside 0 to 24, below the minimum bet", async () => {
    const post = (path: string, body: object) => client.post(path, body);
    const startWith = (body: object) => post("/api/mines/start", { token: "DEGEN", action: "START", betAmount: 10, mines: 3, ...body });
    expect(await startWith({ mines: 0 })).toMatchObject({ status: 400, body: { error: "Invalid mines: must be 1 to 24" } });
    expect(await startWith({ mines: 25 })).toMatchObject({ status: 400, body: { error: "Invalid mines: must be 1 to 24" } });
    expect((await startWith({ mines: 2.5 })).status).toBe(400);
    expect((await startWith({ mines: "3" })).status).toBe(400);
    expect((await post("/api/mines/start", { token: "DEGEN", action: "START", betAmount: 10 })).status).toBe(400);
    expect((await startWith({ extra: 1 })).status).toBe(400);
    expect(await startWith({ betAmount: 0.5 })).toMatchObject({ status: 400, body: { error: "Minimum bet is 1 DEGEN" } });
    expect(await startWith({ token: "BNB", betAmount: "0.0001" })).toMatchObject({ status: 400, body: { error: "Minimum bet is 0.001 BNB" } });
    expect((await startWith({ token: "BNB", betAmount: "0.001" })).status).toBe(200);
    expect((await startWith({ token: "ETH" })).status).toBe(400);

    const round = await start(3);
    for (const tile of [-1, 25, 1.5, "3"]) expect((await post("/api/mines/reveal", { token: "DEGEN", roundId: round.roundId, tile })).status).toBe(400);
    expect((await post("/api/mines/reveal", { token: "DEGEN", roundId: "not-a-uuid", tile: 1 })).status).toBe(400);
    expect((await post("/api/mines/cashout", { token: "DEGEN", roundId: round.roundId, tile: 1 })).status).toBe(400);
    // Nothing was played: the round still takes its first tile.
    expect((await reveal(round.roundId, 0)).body.revealed).toEqual([0]);
  });
});
