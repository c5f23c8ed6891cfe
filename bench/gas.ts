// Gas per Casino call on a fresh Hardhat network (`npm run bench:gas`), and of the swap desk and
// the relay (submitted by a stranger with the player's EIP-712 signature). Figures are receipt
// gasUsed (refunds applied), the amount a sender pays for. Wallet bets are sent as the app sends
// them (frontend/src/features/bets/onchain/place-bet.ts): playGame with the chain's root as
// expectedCommit, which the server's /api/fairness/commitment returns, so every bet after a
// chain's first reads the root beside the current commitment. One-click play, sessions and lanes:
// bench/session-gas.ts.
import { ethers, network } from "hardhat";
import { parseEther, type ContractTransactionResponse } from "ethers";
import { deployCasino, HashChain, GAME, NATIVE, betIdOf, randomWord } from "../test/helpers";
import { GameRules__factory } from "../typechain-types";
import { signSwap, signWithdraw } from "../test/support";

interface Row {
  call: string;
  gas: bigint;
  target?: bigint;
}

async function gasOf(sent: Promise<ContractTransactionResponse>): Promise<bigint> {
  const receipt = await (await sent).wait();
  if (!receipt) throw new Error("no receipt");
  return receipt.gasUsed;
}

async function main(): Promise<void> {
  if (network.name !== "hardhat") throw new Error("run the gas bench on the in-process hardhat network");
  const { casino, relay, swapDesk, token, tokenAddress, casinoAddress, owner, settler, stranger, players } = await deployCasino();
  const rows: Row[] = [];
  const record = (call: string, gas: bigint, target?: bigint) => rows.push({ call, gas, target });
  const chains = new Map<string, HashChain>();
  const nextLink = new Map<string, number>();
  const clientSeed = ethers.id("bench client seed");
  const rules = GameRules__factory.connect(await casino.rules(), ethers.provider);
  const { chainId } = await ethers.provider.getNetwork();
  /** The seed that will settle the player's next bet: past the links of its bets still open. */
  const peekSeed = (address: string) => chains.get(address)!.seed(nextLink.get(address)! + pendingOf(address));
  /** The rules' payout of a one-colour wheel bet: what a settlement must name. */
  const wheelPayout = (player: string, nonce: bigint, seed: string, client: string, token_: string, amount: bigint) =>
    rules.payout(GAME.WHEEL, 1, token_ === NATIVE, amount, randomWord(seed, client, player, nonce, chainId, casinoAddress), "0x");
  /** A client seed under which the player's next wheel bet wins (or loses), asked of the rules. */
  async function seedFor_(player: string, nonce: bigint, token_: string, amount: bigint, win: boolean): Promise<string> {
    for (let attempt = 0; ; attempt++) {
      const candidate = ethers.id(`bench ${player} ${nonce} ${attempt}`);
      if ((await wheelPayout(player, nonce, peekSeed(player), candidate, token_, amount)) > 0n === win) return candidate;
    }
  }

  async function commit(address: string): Promise<bigint> {
    const chain = new HashChain(`bench ${address}`, 256);
    chains.set(address, chain);
    nextLink.set(address, 1);
    return gasOf(casino.connect(settler).setCommitment(address, chain.commit, chain.length));
  }
  function seedFor(address: string): string {
    const link = nextLink.get(address)!;
    nextLink.set(address, link + 1);
    return chains.get(address)!.seed(link);
  }
  /** A one-colour wheel bet; with `win`, its client seed is chosen so that the rules pay it (or not). */
  async function play(playerIndex: number, token_: string, amount: bigint, value = 0n, win?: boolean) {
    const player = players[playerIndex];
    const [{ nextNonce: nonce, root }, terms] = await Promise.all([casino.commitmentOf(player.address), casino.terms()]);
    const client = win === undefined ? clientSeed : await seedFor_(player.address, nonce, token_, amount, win);
    const gas = await gasOf(casino.connect(player).playGame(token_, amount, GAME.WHEEL, 1, client, root, terms, { value }));
    open.set(betIdOf(player.address, nonce), { player: player.address, nonce, client, token: token_, amount });
    return { gas, betId: betIdOf(player.address, nonce) };
  }
  const open = new Map<bigint, { player: string; nonce: bigint; client: string; token: string; amount: bigint }>();
  const pendingOf = (address: string) => [...open.values()].filter((bet) => bet.player === address).length;
  /** The payout a settlement of this open bet with this seed must name: the rules'. */
  async function payoutOf(betId: bigint, seed: string): Promise<bigint> {
    const bet = open.get(betId)!;
    open.delete(betId);
    return wheelPayout(bet.player, bet.nonce, seed, bet.client, bet.token, bet.amount);
  }

  const [a, b, c, d] = [0, 1, 2, 3];
  record("deposit DEGEN (first)", await gasOf(casino.connect(players[a]).deposit(tokenAddress, parseEther("10000"))));
  record("deposit DEGEN (later)", await gasOf(casino.connect(players[a]).deposit(tokenAddress, parseEther("10000"))));
  record("deposit BNB (first)", await gasOf(casino.connect(players[a]).deposit(NATIVE, parseEther("5"), { value: parseEther("5") })));
  record("withdraw DEGEN", await gasOf(casino.connect(players[a]).withdraw(tokenAddress, parseEther("100"))));
  record("withdraw BNB", await gasOf(casino.connect(players[a]).withdraw(NATIVE, parseEther("0.1"))));
  record("setCommitment (first)", await commit(players[a].address));
  for (const i of [b, c, d]) await commit(players[i].address);

  // A wallet bet touches its player's wallet lane only: no session's hold to ask about
  // (docs/decisions.md §4, "lanes"). A chain's first bet finds the root as the current commitment;
  // a later one, placed once the bets before it settled, as the app's are, reads the root too.
  const target = { play: 104_000n, settle: 70_000n, batch: 45_000n };
  const settle = async (betId: bigint, address: string) => {
    const seed = seedFor(address);
    return gasOf(casino.connect(settler).settle(betId, seed, await payoutOf(betId, seed)));
  };
  const first = await play(a, tokenAddress, parseEther("10"), 0n, true);
  record("playGame DEGEN vault (first bet)", first.gas, target.play);
  record("settle DEGEN (win, vault credited)", await settle(first.betId, players[a].address), target.settle);
  const later = await play(a, tokenAddress, parseEther("10"), 0n, false);
  record("playGame DEGEN vault (later bet)", later.gas, target.play);
  record("settle DEGEN (loss)", await settle(later.betId, players[a].address), target.settle);
  const byAllowance = await play(b, tokenAddress, parseEther("10"), 0n, true);
  // The target is a bet from the vault; by allowance the token's transferFrom comes on top.
  record("playGame DEGEN allowance (first bet)", byAllowance.gas);
  record("settle DEGEN (win, empty vault)", await settle(byAllowance.betId, players[b].address), target.settle);
  // The target is a bet from the vault; by msg.value the Casino's count of the BNB it holds
  // (accounted, a cold slot written) comes on top.
  const bnbFirst = await play(c, NATIVE, parseEther("0.01"), parseEther("0.01"), true);
  record("playGame BNB msg.value (first bet)", bnbFirst.gas);
  record("settle BNB (win, empty vault)", await settle(bnbFirst.betId, players[c].address), target.settle);
  const bnbLater = await play(c, NATIVE, parseEther("0.01"), parseEther("0.01"), true);
  record("playGame BNB msg.value (later bet)", bnbLater.gas);
  record("settle BNB (win)", await settle(bnbLater.betId, players[c].address), target.settle);
  const bnbVault = await play(a, NATIVE, parseEther("0.01"));
  record("playGame BNB vault (later bet)", bnbVault.gas, target.play);
  await settle(bnbVault.betId, players[a].address);
  // Drawn down to below a stake, the vault no longer covers the bet: the allowance pays.
  await casino.connect(players[b]).withdraw(tokenAddress, await casino.getBalance(players[b].address, tokenAddress));
  const byAllowanceLater = await play(b, tokenAddress, parseEther("10"));
  record("playGame DEGEN allowance (later bet)", byAllowanceLater.gas);
  await settle(byAllowanceLater.betId, players[b].address);

  // Batches spread over the 8 players (several bets each); half the bets win.
  for (const count of [1, 10, 50]) {
    const betIds: bigint[] = [];
    const owners: string[] = [];
    for (let i = 0; i < count; i++) {
      const index = i % players.length;
      if (!chains.has(players[index].address)) await commit(players[index].address);
      if ((await casino.getBalance(players[index].address, tokenAddress)) < parseEther("10")) {
        await casino.connect(players[index]).deposit(tokenAddress, parseEther("1000"));
      }
      betIds.push((await play(index, tokenAddress, parseEther("10"), 0n, i % 2 === 0)).betId);
      owners.push(players[index].address);
    }
    const seeds = owners.map(seedFor);
    const payouts = await Promise.all(betIds.map((betId, i) => payoutOf(betId, seeds[i])));
    const gas = await gasOf(casino.connect(settler).settleBatch(betIds, seeds, payouts));
    record(`settleBatch ${count}, 8 players (per bet)`, gas / BigInt(count), count === 50 ? target.batch : undefined);
  }

  // The worst case: 50 bets of 50 distinct players, each with cold storage and a first vault credit.
  {
    const funder = players[4];
    const betIds: bigint[] = [];
    const seeds: string[] = [];
    for (let i = 0; i < 50; i++) {
      const wallet = ethers.Wallet.createRandom().connect(ethers.provider);
      await (await funder.sendTransaction({ to: wallet.address, value: parseEther("1") })).wait();
      await (await token.connect(funder).transfer(wallet.address, parseEther("10"))).wait();
      await (await token.connect(wallet).approve(casinoAddress, parseEther("10"))).wait();
      await commit(wallet.address);
      const [{ nextNonce: nonce, root }, terms] = await Promise.all([casino.commitmentOf(wallet.address), casino.terms()]);
      const client = await seedFor_(wallet.address, nonce, tokenAddress, parseEther("10"), true);
      await (await casino.connect(wallet).playGame(tokenAddress, parseEther("10"), GAME.WHEEL, 1, client, root, terms)).wait();
      betIds.push(betIdOf(wallet.address, nonce));
      open.set(betIdOf(wallet.address, nonce), { player: wallet.address, nonce, client, token: tokenAddress, amount: parseEther("10") });
      seeds.push(seedFor(wallet.address));
    }
    const payouts = await Promise.all(betIds.map((betId, i) => payoutOf(betId, seeds[i])));
    const gas = await gasOf(casino.connect(settler).settleBatch(betIds, seeds, payouts));
    record("settleBatch 50, 50 players, all win (per bet)", gas / 50n, target.batch);
  }

  const blackjack = await (async () => {
    const player = players[d];
    const [{ nextNonce: nonce, root }, terms] = await Promise.all([casino.commitmentOf(player.address), casino.terms()]);
    await casino.connect(player).playGame(tokenAddress, parseEther("10"), GAME.BLACKJACK, 0, clientSeed, root, terms);
    return betIdOf(player.address, nonce);
  })();
  record("addStake (split, allowance)", await gasOf(casino.connect(players[d]).addStake(blackjack)));
  const pending = await play(a, tokenAddress, parseEther("10"));
  record("lockJackpotEntropy (1 bet)", await gasOf(casino.connect(stranger).lockJackpotEntropy([blackjack])));
  record("lockJackpotEntropy (1 bet, already locked)", await gasOf(casino.connect(stranger).lockJackpotEntropy([blackjack])));
  await network.provider.send("evm_increaseTime", [3601]);
  record("claimExpired (split)", await gasOf(casino.connect(players[d]).claimExpired(blackjack)));
  await settle(pending.betId, players[a].address);

  // A jackpot hit: terms under which a 5,999.9 DEGEN stake hits with odds 0.99998.
  await casino.setJackpotTerms(200, 1);
  const hitting = await play(a, tokenAddress, parseEther("5999.9"));
  const hitSeed = seedFor(players[a].address);
  const hitReceipt = await (await casino.connect(settler).settle(hitting.betId, hitSeed, await payoutOf(hitting.betId, hitSeed))).wait();
  if (!hitReceipt?.logs.some((log) => casino.interface.parseLog(log)?.name === "JackpotWon")) throw new Error("the jackpot draw missed");
  record("settle DEGEN (jackpot hit)", hitReceipt.gasUsed);
  // The terms change at most once an acceptance window (HouseAdmin).
  await network.provider.send("evm_increaseTime", [301]);
  await casino.setJackpotTerms(50, 500);

  record("swap DEGEN->BNB (desk)", await gasOf(swapDesk.connect(players[a]).swap(tokenAddress, parseEther("100"), 0)));
  record("swap BNB->DEGEN (desk)", await gasOf(swapDesk.connect(players[a]).swap(NATIVE, parseEther("0.01"), 0)));

  // Relays: a stranger submits what the player signed.
  const deadline = BigInt((await ethers.provider.getBlock("latest"))!.timestamp) + 3600n;
  const withdrawal = { player: players[a].address, token: NATIVE, amount: parseEther("0.01"), deadline };
  const withdrawSignature = await signWithdraw(relay, players[a], withdrawal);
  record("relay withdraw BNB (signed)", await gasOf(relay.connect(stranger).withdraw(withdrawal, withdrawSignature)));
  const degenWithdrawal = { ...withdrawal, token: tokenAddress, amount: parseEther("10") };
  const degenSignature = await signWithdraw(relay, players[a], degenWithdrawal);
  record("relay withdraw DEGEN (signed)", await gasOf(relay.connect(stranger).withdraw(degenWithdrawal, degenSignature)));
  const swapRequest = { player: players[a].address, fromToken: tokenAddress, toToken: NATIVE, amount: parseEther("100"), minAmountOut: 0n, deadline };
  const swapSignature = await signSwap(relay, players[a], swapRequest);
  record("relay swap DEGEN->BNB (signed)", await gasOf(relay.connect(stranger).swap(swapRequest, swapSignature)));

  // Sweeps of value that reached the Casino outside its functions.
  await (await token.connect(players[a]).transfer(casinoAddress, parseEther("1"))).wait();
  record("sweep DEGEN", await gasOf(casino.connect(owner).sweep(tokenAddress, owner.address)));
  await network.provider.send("hardhat_setBalance", [casinoAddress, ethers.toQuantity((await ethers.provider.getBalance(casinoAddress)) + parseEther("1"))]);
  record("sweep BNB", await gasOf(casino.connect(owner).sweep(NATIVE, owner.address)));

  const width = Math.max(...rows.map((r) => r.call.length));
  console.log(`${"call".padEnd(width)}  ${"gas".padStart(9)}  ${"target".padStart(9)}  result`);
  let failed = 0;
  for (const row of rows) {
    const verdict = row.target === undefined ? "" : row.gas <= row.target ? "ok" : "OVER";
    if (verdict === "OVER") failed++;
    console.log(
      `${row.call.padEnd(width)}  ${row.gas.toLocaleString("en-US").padStart(9)}  ${(row.target?.toLocaleString("en-US") ?? "-").padStart(9)}  ${verdict}`,
    );
  }
  console.log(failed === 0 ? "all targets met" : `${failed} call(s) over target`);
  if (failed > 0) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
