import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { INITIAL_BALANCES, USER_ID_KEY, useAccountStore } from "@/features/account";

const session = () => useAccountStore.getState();
const USER = { id: 7, walletAddress: "0x1234567890AbcdEF1234567890aBcdef12345678", username: "degen_7", createdAt: "2025-01-01T00:00:00.000Z" };

/** A fetch that answers each "METHOD path" from the table, recording every call. */
function serve(routes: Record<string, { status?: number; body: unknown }>) {
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    const route = routes[`${init?.method ?? "GET"} ${url}`];
    if (!route) return new Response(JSON.stringify({ error: "Not found" }), { status: 404 });
    return new Response(JSON.stringify(route.body), { status: route.status ?? 200 });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

beforeEach(() => {
  useAccountStore.setState(useAccountStore.getInitialState(), true);
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("session store (SPEC §4 'Session')", () => {
  it('starts loading, with no user and balances DEGEN "0" / BNB "0"', () => {
    expect(session()).toMatchObject({ isLoading: true, user: null, balances: { DEGEN: "0", BNB: "0" } });
    expect(INITIAL_BALANCES).toEqual({ DEGEN: "0", BNB: "0" });
  });

  it("without a stored id ends logged out and calls nothing", async () => {
    const fetch = serve({});
    await session().start();
    expect(session()).toMatchObject({ isLoading: false, user: null });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("with a stored id loads that user, then their balances", async () => {
    localStorage.setItem(USER_ID_KEY, "7");
    const fetch = serve({ "GET /api/user/7": { body: USER }, "GET /api/user/7/balances": { body: { DEGEN: "12.5", BNB: "0.25" } } });
    await session().start();
    expect(fetch.mock.calls.map(([url]) => url)).toEqual(["/api/user/7", "/api/user/7/balances"]);
    expect(session()).toMatchObject({ isLoading: false, user: USER, balances: { DEGEN: "12.5", BNB: "0.25" } });
    expect(localStorage.getItem(USER_ID_KEY)).toBe("7");
  });

  it("forgets the stored id when the user cannot be loaded, and stays logged out", async () => {
    localStorage.setItem(USER_ID_KEY, "7");
    serve({ "GET /api/user/7": { status: 401, body: { error: "Sign in first" } } });
    await session().start();
    expect(session()).toMatchObject({ isLoading: false, user: null, balances: { DEGEN: "0", BNB: "0" } });
    expect(localStorage.getItem(USER_ID_KEY)).toBeNull();
    expect(console.warn).toHaveBeenCalled();
  });

  it("keeps the balances it had when loading balances fails (logged only)", async () => {
    useAccountStore.setState({ user: USER, balances: { DEGEN: "3", BNB: "1" } });
    serve({ "GET /api/user/7/balances": { status: 500, body: { error: "Internal error" } } });
    await session().refreshBalances();
    expect(session().balances).toEqual({ DEGEN: "3", BNB: "1" });
    expect(console.warn).toHaveBeenCalled();
  });

  it("registering sets the user, stores the new id and loads balances", async () => {
    const fetch = serve({ "POST /api/user/register": { status: 201, body: USER }, "GET /api/user/7/balances": { body: { DEGEN: "5", BNB: "0" } } });
    await expect(session().register(USER.walletAddress, "degen_7")).resolves.toEqual(USER);
    expect(JSON.parse(fetch.mock.calls[0]![1]!.body as string)).toEqual({ walletAddress: USER.walletAddress, username: "degen_7" });
    expect(session()).toMatchObject({ user: USER, balances: { DEGEN: "5", BNB: "0" } });
    expect(localStorage.getItem(USER_ID_KEY)).toBe("7");
  });

  it("a refused registration is logged and re-thrown, and changes nothing", async () => {
    serve({ "POST /api/user/register": { status: 409, body: { error: "Username is already taken" } } });
    await expect(session().register(USER.walletAddress, "taken")).rejects.toThrow('409: {"error":"Username is already taken"}');
    expect(session().user).toBeNull();
    expect(localStorage.getItem(USER_ID_KEY)).toBeNull();
    expect(console.warn).toHaveBeenCalled();
  });

  it("refresh reloads the current user's balances, and does nothing without a user", async () => {
    const fetch = serve({ "GET /api/user/7/balances": { body: { DEGEN: "99", BNB: "2" } } });
    await session().refreshBalances();
    expect(fetch).not.toHaveBeenCalled();
    useAccountStore.setState({ user: USER });
    await session().refreshBalances();
    expect(session().balances).toEqual({ DEGEN: "99", BNB: "2" });
  });

  it('logout clears the user, resets balances to "0" and removes the stored id', () => {
    localStorage.setItem(USER_ID_KEY, "7");
    useAccountStore.setState({ user: USER, balances: { DEGEN: "99", BNB: "2" } });
    session().logout();
    expect(session()).toMatchObject({ user: null, balances: { DEGEN: "0", BNB: "0" } });
    expect(localStorage.getItem(USER_ID_KEY)).toBeNull();
  });

  it("adopts the user a wallet sign-in names, or none", async () => {
    serve({ "GET /api/user/7/balances": { body: { DEGEN: "1", BNB: "0" } } });
    await session().adopt(USER);
    expect(session()).toMatchObject({ user: USER, isLoading: false, balances: { DEGEN: "1", BNB: "0" } });
    expect(localStorage.getItem(USER_ID_KEY)).toBe("7");
    await session().adopt(null);
    expect(session()).toMatchObject({ user: null, balances: { DEGEN: "0", BNB: "0" } });
    expect(localStorage.getItem(USER_ID_KEY)).toBeNull();
  });
});
