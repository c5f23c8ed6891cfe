// Issue #19, finding R2-7: the settler never spends gas for an address with nothing at stake, every
// transaction sent for a player counts against a budget per address and one for all players, and
// the settler's own balance and spending are watched.
import path from "node:path";
import { formatEther, parseEther, toQuantity, Wallet, ZeroAddress, ZeroHash, type Signer } from "ethers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Casino } from "../../typechain-types";
import { CHAIN_ID, SIWE_DOMAIN, startServerOn, tempDir, type TestServer } from "./support/app";
import { type TestChain } from "./support/chain";
import { freshChain } from "./support/fresh-chain";
import { Client, signIn } from "./support/http";
import { depositDegen, MASTER_SECRET, signWithdraw } from "./support/play";
import { SETTLER_ADDRESS, settlerTransactions } from "./support/settler";

const NO_STAKE =
  "Deposit at least 1 DEGEN or 0.001 BNB into the Casino (or approve it for 1 DEGEN you hold) before betting: the house posts commitments only for wallets with a stake";

let temp: ReturnType<typeof tempDir>;
let chain: TestChain;
let server: TestServer | undefined;
let databases = 0;

beforeAll(async () => {
  temp = tempDir();
  chain = await freshChain(temp.dir);
});
afterAll(async () => {
  await server?.close();
  await chain?.stop();
  temp?.dispose();
});

/** A server with these settings over the shared chain, on a database of its own; the previous one stops first (one settler key, one sender). */
async function serverWith(env: Record<string, string> = {}): Promise<TestServer> {
  await server?.close();
  server = await startServerOn(chain, { DATA_DIR: path.join(temp.dir, `db-${databases++}`), MASTER_SECRET, ...env });
  return server;
}

async function signedIn(player: Signer & { address: string }): Promise<Client> {
  const client = new Client(server!.url);
  await signIn(client, player, SIWE_DOMAIN, CHAIN_ID);
  return client;
}

/** A relayed withdrawal of `amount` DEGEN the player signed. */
async function withdraw(client: Client, player: Wallet, amount = "1") {
  const signed = await signWithdraw(server!, player, { token: await chain.token.getAddress(), amount: parseEther(amount) });
  return client.post("/api/withdraw", { walletAddress: player.address, token: "DEGEN", amount, ...signed });
}

const rootOnChain = async (player: string) => ((await chain.casino.commitmentOf(player)) as unknown as [string, bigint, bigint, string])[3];

/** /api/health once the new server's settler has read the chain up to its head (a fresh database starts at the deployment block). */
async function healthOnceCaughtUp() {
  for (let i = 0; ; i++) {
    const answer = await new Client(server!.url).get("/api/health");
    const lagging = (answer.body.reasons ?? []).some((reason: string) => reason.startsWith("settler lags"));
    if (!lagging || i === 100) return answer;
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function metric(name: string): Promise<number | undefined> {
  const text = await (await fetch(`${server!.url}/metrics`)).text();
  const match = new RegExp(`^${name.replace(/[{}]/g, "\\$&")} (\\S+)$`, "m").exec(text);
  return match ? Number(match[1]) : undefined;
}

describe("commitments only for a wallet with a stake", () => {
  it("refuses a key that only signed in with a 403 however often it asks, and GET never sends a transaction", async () => {
    await serverWith();
    const fresh = Wallet.createRandom();
    const client = await signedIn(fresh);
    const sent = await settlerTransactions(chain);

    const read = await client.get("/api/fairness/commitment");
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ player: fresh.address, commitment: ZeroHash, root: ZeroHash, nextNonce: "0", remaining: 0 });
    for (let i = 0; i < 3; i++) expect(await client.post("/api/fairness/commitment")).toMatchObject({ status: 403, body: { error: NO_STAKE } });

    expect(await settlerTransactions(chain)).toBe(sent);
    expect(await rootOnChain(fresh.address)).toBe(ZeroHash);
  });

  it("posts one for a vault holding the minimum bet of DEGEN or of BNB, or a DEGEN approval the wallet covers; never below", async () => {
    const [degenPlayer, bnbPlayer, approver] = chain.players;
    const casinoAddress = await chain.casino.getAddress();
    const sent = await settlerTransactions(chain);

    const degenClient = await signedIn(degenPlayer!);
    await depositDegen(server!, degenPlayer!, parseEther("0.5"));
    expect(await degenClient.post("/api/fairness/commitment")).toMatchObject({ status: 403, body: { error: NO_STAKE } });
    await depositDegen(server!, degenPlayer!, parseEther("0.5"));
    const posted = await degenClient.post("/api/fairness/commitment");
    expect(posted.status).toBe(200);
    expect(posted.body).toMatchObject({ nextNonce: "0", remaining: 1024 });
    expect(await rootOnChain(degenPlayer!.address)).toBe(posted.body.root);
    // Asked again with the chain in place: answered, nothing sent.
    expect((await degenClient.post("/api/fairness/commitment")).body.root).toBe(posted.body.root);
    expect(await settlerTransactions(chain)).toBe(sent + 1);

    await (await (chain.casino.connect(bnbPlayer!) as Casino).deposit(ZeroAddress, parseEther("0.001"), { value: parseEther("0.001") })).wait();
    expect((await (await signedIn(bnbPlayer!)).post("/api/fairness/commitment")).status).toBe(200);

    await (await chain.token.connect(approver!).approve(casinoAddress, parseEther("1"))).wait();
    expect((await (await signedIn(approver!)).post("/api/fairness/commitment")).status).toBe(200);

    // An approval of DEGEN the wallet does not hold is no stake.
    const empty = Wallet.createRandom().connect(chain.provider);
    await chain.provider.send("hardhat_setBalance", [empty.address, toQuantity(parseEther("1"))]);
    await (await chain.token.connect(empty).approve(casinoAddress, parseEther("1"))).wait();
    expect(await (await signedIn(empty)).post("/api/fairness/commitment")).toMatchObject({ status: 403, body: { error: NO_STAKE } });

    expect(await settlerTransactions(chain)).toBe(sent + 3);
  });
});

describe("budgets on every transaction sent for a player", () => {
  it("refuses one past an address's budget for 24 hours with a 429, sending nothing more; other addresses go on", async () => {
    await serverWith({ PLAYER_TXS_PER_ADDRESS_PER_DAY: "2" });
    const [, , , player, other] = chain.players;
    const degen = await chain.token.getAddress();
    await depositDegen(server!, player!, parseEther("10"));
    await depositDegen(server!, other!, parseEther("10"));
    const client = await signedIn(player!);
    const sent = await settlerTransactions(chain);

    expect((await client.post("/api/fairness/commitment")).status).toBe(200);
    expect((await withdraw(client, player!)).status).toBe(200);
    expect(await withdraw(client, player!)).toMatchObject({
      status: 429,
      body: { error: "This wallet has reached its limit of 2 transactions sent for it per 24 hours; try again later" },
    });
    expect(await settlerTransactions(chain)).toBe(sent + 2);
    expect(await chain.casino.getBalance(player!.address, degen)).toBe(parseEther("9"));

    expect((await withdraw(await signedIn(other!), other!)).status).toBe(200);
  });

  it("refuses one past the pool all players share over the last hour, once the wallet has had its own share, and counts the refusal", async () => {
    await serverWith({ PLAYER_TXS_PER_HOUR: "2", PLAYER_TXS_SHARE_PER_ADDRESS_PER_HOUR: "0" });
    const [, , , first, second, third] = chain.players;
    await depositDegen(server!, third!, parseEther("10"));
    const sent = await settlerTransactions(chain);

    expect((await withdraw(await signedIn(first!), first!)).status).toBe(200);
    expect((await withdraw(await signedIn(second!), second!)).status).toBe(200);
    expect(await withdraw(await signedIn(third!), third!)).toMatchObject({
      status: 429,
      body: {
        error:
          "The house has reached its limit of 2 transactions per hour for players beyond each wallet's own 0, and this wallet has used its own; try again later",
      },
    });
    expect(await settlerTransactions(chain)).toBe(sent + 2);
    expect(await metric('degen_chain_requests_total{kind="withdraw",outcome="over_budget"}')).toBe(1);
  });

  it("keeps each wallet's own share of the hour whatever other wallets took of the pool (R4-12)", async () => {
    await serverWith({ PLAYER_TXS_PER_HOUR: "2", PLAYER_TXS_SHARE_PER_ADDRESS_PER_HOUR: "1" });
    const [, , , first, second, third] = chain.players;
    for (const player of [first, second, third]) await depositDegen(server!, player!, parseEther("10"));
    const [a, b, c] = [await signedIn(first!), await signedIn(second!), await signedIn(third!)];
    const full =
      "The house has reached its limit of 2 transactions per hour for players beyond each wallet's own 1, and this wallet has used its own; try again later";
    // The first wallet takes its own and the whole pool; the second its own only.
    for (let i = 0; i < 3; i++) expect((await withdraw(a, first!)).status).toBe(200);
    expect(await withdraw(a, first!)).toMatchObject({ status: 429, body: { error: full } });
    expect((await withdraw(b, second!)).status).toBe(200);
    expect(await withdraw(b, second!)).toMatchObject({ status: 429, body: { error: full } });
    // The third had no part in it: its own is its own.
    expect((await withdraw(c, third!)).status).toBe(200);
    expect(await withdraw(c, third!)).toMatchObject({ status: 429, body: { error: full } });
  });
});

describe("the settler's gas", () => {
  it("publishes the settler's balance and spending per hour, and reports health degraded when the balance is low or would soon run out", async () => {
    const player = chain.players[5]!;
    await depositDegen(server ?? (await serverWith()), player, parseEther("10"));
    // Set before the server samples it: a fall it saw would count as spending.
    await server?.close();
    server = undefined;
    await chain.provider.send("hardhat_setBalance", [SETTLER_ADDRESS, toQuantity(parseEther("0.04"))]);

    await serverWith({ HEALTH_MIN_SETTLER_BALANCE: "0.05" });
    const low = await healthOnceCaughtUp();
    expect(low).toMatchObject({ status: 503, body: { ok: false, status: "degraded" } });
    expect(low.body.reasons, JSON.stringify(low.body.reasons)).toEqual([
      `the settler's balance is 0.04 BNB, below the limit of 0.05 BNB: top up ${SETTLER_ADDRESS}`,
    ]);
    expect(await metric("degen_settler_gas_balance")).toBe(0.04);
    expect(await metric("degen_settler_gas_spent_per_hour")).toBe(0);

    await serverWith({ HEALTH_MIN_SETTLER_BALANCE: "0.001", HEALTH_MIN_SETTLER_RUNWAY_H: "100000" });
    expect((await healthOnceCaughtUp()).status).toBe(200);
    const relayed = await withdraw(await signedIn(player), player);
    expect(relayed.status).toBe(200);
    const receipt = (await chain.provider.getTransactionReceipt(relayed.body.txHash))!;
    const fee = receipt.gasUsed * receipt.gasPrice;
    // The status snapshot is read at most once a second.
    await new Promise((r) => setTimeout(r, 1_100));
    const spending = await new Client(server!.url).get("/api/health");
    expect(spending.status).toBe(503);
    expect(spending.body.reasons).toHaveLength(1);
    expect(spending.body.reasons[0]).toMatch(
      new RegExp(`^the settler's balance lasts about \\d+ h at the last hour's spending of [0-9.]+ BNB \\(limit 100000 h\\): top up ${SETTLER_ADDRESS}$`),
    );
    expect(await metric("degen_settler_gas_spent_per_hour")).toBe(Number(formatEther(fee)));
    expect(await metric("degen_settler_gas_balance")).toBe(Number(formatEther(parseEther("0.04") - fee)));
  });
});
