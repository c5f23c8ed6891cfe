// @vitest-environment node
// Keeps docs/README.md "How to add a game" honest: every game the engine numbers has each part
// that section lists, in every layer, under the game's one name (engine/src/gameTypes.ts).
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { GAME_TYPES, gameId, gameName } from "@engine/gameTypes";
import { GAMES } from "@/config/games";
import { routes } from "@/app/routes";

const repo = resolve(__dirname, "../../../..") + "/";
const read = (path: string) => readFileSync(repo + path, "utf8");
const pascal = (id: string) => id[0]!.toUpperCase() + id.slice(1);

describe("the game registry of each layer", () => {
  const gamePaths = routes[0]!.children!.map((route) => route.path);

  it.each(GAME_TYPES.map((gameType) => [gameName(gameType), gameType] as const))("%s (%i) is registered in every layer", (name, gameType) => {
    const id = gameId(gameType);
    // engine: the rules, their vectors, and the one dispatch.
    expect(existsSync(`${repo}engine/src/${id}.ts`), `engine/src/${id}.ts`).toBe(true);
    expect(existsSync(`${repo}engine/vectors/${id}.json`), `engine/vectors/${id}.json`).toBe(true);
    expect(read("engine/src/settle.ts")).toContain(`case GameType.${name}:`);
    // contracts: the number, the payout bound and the rules that enforce the payout.
    expect(read("contracts/Payouts.sol")).toContain(`uint8 internal constant ${name} = ${gameType};`);
    expect(read("contracts/Payouts.sol")).toContain(`gameType == ${name}`);
    expect(existsSync(`${repo}contracts/rules/${pascal(id)}Rules.sol`), `contracts/rules/${pascal(id)}Rules.sol`).toBe(true);
    expect(read("contracts/rules/GameRules.sol")).toContain(`return ${pascal(id)}Rules.payout(`);
    // app: one registry entry (lobby card, route, page), and the game's folder.
    const games = GAMES.filter((game) => game.gameType === gameType);
    expect(games.map((game) => game.id)).toEqual([id]);
    expect(gamePaths).toContain(games[0]!.path);
    expect(existsSync(`${repo}frontend/src/games/${id}/${id}-page.tsx`), `frontend/src/games/${id}/${id}-page.tsx`).toBe(true);
  });

  it("numbers the games 0 to n − 1 alike in the engine, the contracts and the app", () => {
    expect(GAME_TYPES).toEqual(GAME_TYPES.map((_, i) => i));
    expect(read("contracts/Payouts.sol")).toContain(`uint8 internal constant GAME_COUNT = ${GAME_TYPES.length};`);
    expect(GAMES.length).toBe(GAME_TYPES.length);
  });
});
