// Gas per Casino call on a fresh Hardhat network (`npm run bench:gas`), and of the swap desk and
// the relay (submitted by a stranger with the player's EIP-712 signature). Figures are receipt
// gasUsed (refunds applied), the amount a sender pays for.
import { ethers, network } from "hardhat";
import { parseEther, type ContractTransactionResponse } from "ethers";
import { deployCasino, HashChain, GAME, NATIVE, betIdOf } from "../test/helpers";
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
  async function play(playerIndex: number, token_: string, amount: bigint, value = 0n) {
    const player = players[playerIndex];
    const [[commitment, nonce], terms] = await Promise.all([casino.commitmentOf(player.address), casino.terms()]);
    const gas = await gasOf(casino.connect(player).playGame(token_, amount, GAME.WHEEL, 1, clientSeed, commitment, terms, { value }));
    return { gas, betId: betIdOf(player.address, nonce) };
  }

  const [a, b, c, d] = [0, 1, 2, 3];
  record("deposit DEGEN (first)", await gasOf(casino.connect(players[a]).deposit(tokenAddress, parseEther("10000"))));
  record("deposit DEGEN (later)", await gasOf(casino.connect(players[a]).deposit(tokenAddress, parseEther("10000"))));
  record("deposit BNB (first)", await gasOf(casino.connect(players[a]).deposit(NATIVE, parseEther("5"), { value: parseEther("5") })));
  record("withdraw DEGEN", await gasOf(casino.connect(players[a]).withdraw(tokenAddress, parseEther("100"))));
  record("withdraw BNB", await gasOf(casino.connect(players[a]).withdraw(NATIVE, parseEther("0.1"))));
  record("setCommitment (first)", await commit(players[a].address));
  for (const i of [b, c, d]) await commit(players[i].address);

  const target = { play: 110_000n, settle: 70_000n, batch: 45_000n };
  const first = await play(a, tokenAddress, parseEther("10"));
  record("playGame DEGEN vault (first bet)", first.gas, target.play);
  const later = await play(a, tokenAddress, parseEther("10"));
  record("playGame DEGEN vault (later bet)", later.gas, target.play);
  const byAllowance = await play(b, tokenAddress, parseEther("10"));
  // The target is a bet from the vault (issue #12); by allowance the token's transferFrom comes on top.
  record("playGame DEGEN allowance (first bet)", byAllowance.gas);
  const byAllowanceLater = await play(b, tokenAddress, parseEther("10"));
  record("playGame DEGEN allowance (later bet)", byAllowanceLater.gas);
  const bnbFirst = await play(c, NATIVE, parseEther("0.01"), parseEther("0.01"));
  record("playGame BNB msg.value (first bet)", bnbFirst.gas, target.play);
  const bnbLater = await play(c, NATIVE, parseEther("0.01"), parseEther("0.01"));
  record("playGame BNB msg.value (later bet)", bnbLater.gas, target.play);
  const bnbVault = await play(a, NATIVE, parseEther("0.01"));
  record("playGame BNB vault (later bet)", bnbVault.gas, target.play);

  const settle = (betId: bigint, address: string, payout: bigint) => gasOf(casino.connect(settler).settle(betId, seedFor(address), payout));
  record("settle DEGEN (win, vault credited)", await settle(first.betId, players[a].address, parseEther("20")), target.settle);
  record("settle DEGEN (loss)", await settle(later.betId, players[a].address, 0n), target.settle);
  record("settle DEGEN (win, empty vault)", await settle(byAllowance.betId, players[b].address, parseEther("20")), target.settle);
  record("settle BNB (win, empty vault)", await settle(bnbFirst.betId, players[c].address, parseEther("0.02")), target.settle);
  record("settle BNB (win)", await settle(bnbLater.betId, players[c].address, parseEther("0.02")), target.settle);
  await settle(bnbVault.betId, players[a].address, 0n);
  await settle(byAllowanceLater.betId, players[b].address, 0n);

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
      betIds.push((await play(index, tokenAddress, parseEther("10"))).betId);
      owners.push(players[index].address);
    }
    const seeds = owners.map(seedFor);
    const payouts = betIds.map((_, i) => (i % 2 === 0 ? parseEther("20") : 0n));
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
      const [[commitment, nonce], terms] = await Promise.all([casino.commitmentOf(wallet.address), casino.terms()]);
      await (await casino.connect(wallet).playGame(tokenAddress, parseEther("10"), GAME.WHEEL, 1, clientSeed, commitment, terms)).wait();
      betIds.push(betIdOf(wallet.address, nonce));
      seeds.push(seedFor(wallet.address));
    }
    const payouts = betIds.map(() => parseEther("20"));
    const gas = await gasOf(casino.connect(settler).settleBatch(betIds, seeds, payouts));
    record("settleBatch 50, 50 players, all win (per bet)", gas / 50n, target.batch);
  }

  const blackjack = await (async () => {
    const player = players[d];
    const [[commitment, nonce], terms] = await Promise.all([casino.commitmentOf(player.address), casino.terms()]);
    await casino.connect(player).playGame(tokenAddress, parseEther("10"), GAME.BLACKJACK, 0, clientSeed, commitment, terms);
    return betIdOf(player.address, nonce);
  })();
  record("addStake (split, allowance)", await gasOf(casino.connect(players[d]).addStake(blackjack)));
  const pending = await play(a, tokenAddress, parseEther("10"));
  record("lockJackpotEntropy (1 bet)", await gasOf(casino.connect(stranger).lockJackpotEntropy([blackjack])));
  record("lockJackpotEntropy (1 bet, already locked)", await gasOf(casino.connect(stranger).lockJackpotEntropy([blackjack])));
  await network.provider.send("evm_increaseTime", [3601]);
  record("claimExpired (split)", await gasOf(casino.connect(players[d]).claimExpired(blackjack)));
  await settle(pending.betId, players[a].address, 0n);

  // A jackpot hit: terms under which a 5,999.9 DEGEN stake hits with odds 0.99998.
  await casino.setJackpotTerms(200, 1);
  const hitting = await play(a, tokenAddress, parseEther("5999.9"));
  const hitReceipt = await (await casino.connect(settler).settle(hitting.betId, seedFor(players[a].address), 0n)).wait();
  if (!hitReceipt?.logs.some((log) => casino.interface.parseLog(log)?.name === "JackpotWon")) throw new Error("the jackpot draw missed");
  record("settle DEGEN (jackpot hit)", hitReceipt.gasUsed);
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
