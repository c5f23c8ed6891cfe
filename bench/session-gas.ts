// Gas of one-click play (issue #20): a relay transaction of 20 signed bets placed and settled at
// once (CasinoSessions.play), which also records the jackpot draw of the batch before it, per game,
// for 20 players with one bet each and for one player with 20 bets in a row; and drawJackpots, sent
// only for a batch with a hit. Figures are receipt gasUsed divided by the bets: what the house pays
// per bet; and the EVM steps per bet (debug_traceTransaction): a node's time per bet follows its
// steps more than its gas (server/bench/node-cost.ts times the node itself). Then a Mines reveal and
// cash-out: a round placed with CasinoSessions.place and settled with CasinoSessions.settle on the
// key's signed log (1 reveal + C, 5 reveals + C). Run: npx hardhat run bench/session-gas.ts
import { ethers, network } from "hardhat";
import { parseEther, Signature, Wallet, type TypedDataDomain } from "ethers";
import { deployCasino, GAME, HashChain, NATIVE, betIdOf } from "../test/helpers";
import { ACTIONS_TYPES, BET_TYPES, clientSeedHash, SESSION_TYPES } from "../test/support";
import { ALL_GAMES } from "../test/sessions/support";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { CasinoSessions } from "../typechain-types";

const BETS = 20;

async function main(): Promise<void> {
  if (network.name !== "hardhat") throw new Error("run on the in-process hardhat network");
  const f = await deployCasino();
  const sessions = (await ethers.getContractAt("CasinoSessions", await f.casino.sessions())) as unknown as CasinoSessions;
  const domain: TypedDataDomain = { name: "DEGEN Casino Sessions", version: "1", chainId: f.chainId, verifyingContract: await sessions.getAddress() };
  const signers = await ethers.getSigners();
  const players: HardhatEthersSigner[] = signers.slice(4, 4 + BETS);
  for (const p of players.slice(8)) {
    await f.token.transfer(p.address, parseEther("100000"));
    await f.token.connect(p).approve(f.casinoAddress, ethers.MaxUint256);
  }
  const chains = new Map<string, HashChain>();
  const keys = new Map<string, Wallet>();
  const nextLink = new Map<string, number>();
  const now = BigInt((await ethers.provider.getBlock("latest"))!.timestamp);
  for (const p of players) {
    const chain = new HashChain(`bench ${p.address}`, 1024);
    chains.set(p.address, chain);
    nextLink.set(p.address, 1);
    await f.casino.connect(f.settler).setCommitment(p.address, chain.commit, 1024);
    await f.casino.connect(p).deposit(f.tokenAddress, parseEther("50000"));
    await f.casino.connect(p).deposit(NATIVE, parseEther("5"), { value: parseEther("5") });
    const key = Wallet.createRandom();
    keys.set(p.address, key);
    const grant = {
      player: p.address,
      key: key.address,
      expiresAt: now + 86_000n,
      tokens: 3n,
      games: ALL_GAMES,
      maxBetDegen: parseEther("1000"),
      maxBetNative: parseEther("1"),
      budgetDegen: parseEther("40000"),
      budgetNative: parseEther("4"),
    };
    await sessions.openSession(grant, await p.signTypedData(domain, SESSION_TYPES, grant));
  }
  const terms = await f.casino.terms();
  const nonces = new Map<string, bigint>();

  async function signedBet(p: HardhatEthersSigner, token: string, amount: bigint, game: number, params: bigint) {
    const nonce = nonces.get(p.address) ?? 0n;
    nonces.set(p.address, nonce + 1n);
    const link = nextLink.get(p.address)!;
    nextLink.set(p.address, link + 1);
    const chain = chains.get(p.address)!;
    const bet = {
      player: p.address,
      token,
      amount,
      gameType: game,
      params,
      clientSeed: ethers.id(`seed ${p.address} ${nonce}`),
      nonce,
      // The current commitment, as an app that saw the previous bet settle names it (the root only
      // for a bet signed before the previous one landed).
      expectedCommit: link === 1 ? chain.commit : chain.seed(link - 1, true),
      terms,
    };
    const deadline = now + 80_000n;
    const { clientSeed, ...signed } = bet;
    const signature = Signature.from(
      await keys.get(p.address)!.signTypedData(domain, BET_TYPES, { ...signed, clientSeedHash: clientSeedHash(clientSeed), game, deadline }),
    );
    return { signed: { bet, deadline, r: signature.r, vs: signature.yParityAndS }, seed: chain.seed(link, true) };
  }

  const rows: string[] = [];
  const drawRows: string[] = [];
  const cases: [string, number, bigint, string][] = [
    ["wheel (1 colour)", GAME.WHEEL, 1n, f.tokenAddress],
    ["slots", GAME.SLOTS, 0n, f.tokenAddress],
    ["kickboxing (RED)", GAME.KICKBOXING, 0n, f.tokenAddress],
    ["crash auto 2x", GAME.CRASH, 200n, f.tokenAddress],
    ["dice under 50", GAME.DICE, 5_000n, f.tokenAddress],
    ["dice over 90", GAME.DICE, (1n << 14n) | 9_000n, f.tokenAddress],
    ["plinko 16 high", GAME.PLINKO, 0x210n, f.tokenAddress],
    ["plinko 8 low", GAME.PLINKO, 0x008n, f.tokenAddress],
    ["wheel BNB", GAME.WHEEL, 1n, NATIVE],
  ];
  for (const [label, game, params, token] of cases) {
    for (const spread of ["20 players", "1 player"] as const) {
      const play = async () => {
        const batch = [];
        for (let i = 0; i < BETS; i++) {
          const p = spread === "20 players" ? players[i] : players[0];
          batch.push(await signedBet(p, token, token === NATIVE ? parseEther("0.01") : parseEther("10"), game, params));
        }
        const tx = await sessions.connect(f.settler).play(
          batch.map((b) => b.signed),
          batch.map((b) => b.seed),
        );
        return (await tx.wait())!;
      };
      // The relay's steady state: each play also records the draw of the batch before it.
      await play();
      const receipt = await play();
      const recorded = receipt.logs.some((l) => f.casino.interface.parseLog(l)?.name === "JackpotTicketsDrawn");
      const perBet = receipt.gasUsed / BigInt(BETS);
      const steps = Math.round((await evmSteps(receipt.hash)) / BETS);
      rows.push(
        `${label.padEnd(18)} ${spread.padEnd(11)} ${perBet.toLocaleString("en-US").padStart(7)} gas ${steps.toLocaleString("en-US").padStart(6)} steps per bet${recorded ? " (the previous batch's jackpot draw recorded)" : ""}`,
      );
      if (token !== NATIVE && spread === "20 players") {
        // A batch with a hit is drawn on its own: what that costs per ticket.
        const tickets = receipt.logs
          .map((l) => f.casino.interface.parseLog(l))
          .filter((e) => e?.name === "BetPlaced" && e.args.jackpotOdds !== 0n)
          .map((e) => ({ betId: e!.args.betId, odds: e!.args.jackpotOdds, prize: e!.args.jackpotPrize }));
        await play(); // records this batch's draw
        const draw = (await (await f.casino.connect(signers[2]).drawJackpots(tickets)).wait())!;
        drawRows.push(
          `${label.padEnd(18)} drawJackpots of a recorded batch of ${tickets.length}: ${(draw.gasUsed / BigInt(tickets.length)).toLocaleString("en-US")} per ticket`,
        );
      }
    }
  }
  // A Mines round of 10 DEGEN with 3 mines: placed, then settled on the signed log of `reveals`
  // safe tiles and a cash-out (the safe tiles found by asking GameRules about each tile).
  const rules = await ethers.getContractAt("GameRules", await f.casino.rules());
  const minesRows: string[] = [];
  for (const reveals of [1, 5]) {
    const p = players[0];
    const { signed, seed } = await signedBet(p, f.tokenAddress, parseEther("10"), GAME.MINES, 3n);
    const placed = (await (await sessions.connect(f.settler).place(signed, "0x")).wait())!;
    const betId = betIdOf(p.address, signed.bet.nonce);
    const bet = await f.casino.getBet(betId);
    const word = await f.casino.computeRandom(seed, bet.clientSeed, bet.player, bet.nonce);
    const tile = (t: number) => String.fromCharCode(97 + t);
    const safe: string[] = [];
    for (let t = 0; safe.length < reveals; t++) {
      if ((await rules.payout(GAME.MINES, 3n, false, bet.stake, word, ethers.hexlify(ethers.toUtf8Bytes(tile(t))))) > 0n) safe.push(tile(t));
    }
    const actions = ethers.hexlify(ethers.toUtf8Bytes(safe.join("") + "C"));
    const signature = await keys.get(p.address)!.signTypedData(domain, ACTIONS_TYPES, { betId, actions });
    const settled = (await (await sessions.connect(f.settler).settle(betId, seed, actions, signature, "0x")).wait())!;
    const label = `${reveals} reveal${reveals > 1 ? "s" : ""} + C`;
    minesRows.push(
      `${label.padEnd(13)} place ${placed.gasUsed.toLocaleString("en-US").padStart(7)} gas, settle ${settled.gasUsed.toLocaleString("en-US").padStart(7)} gas`,
    );
  }

  console.log(
    `one-click play, ${BETS} bets per relay transaction (issue #21's aim ≤ 59,000 per bet, issue #41's ≤ 50,000 for dice and plinko; placement + settlement + jackpot draw):`,
  );
  for (const row of rows) console.log("  " + row);
  console.log("only for a batch with a jackpot hit (the settler sends it; anyone may):");
  for (const row of drawRows) console.log("  " + row);
  console.log("a Mines reveal and cash-out (3 mines, 10 DEGEN): CasinoSessions.place, then CasinoSessions.settle on the signed log:");
  for (const row of minesRows) console.log("  " + row);
}

/** The EVM steps a transaction ran: what a node spends its time on, whatever each step's gas. */
async function evmSteps(hash: string): Promise<number> {
  const trace = (await network.provider.send("debug_traceTransaction", [hash, { disableStack: true, disableMemory: true, disableStorage: true }])) as {
    structLogs: unknown[];
  };
  return trace.structLogs.length;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
