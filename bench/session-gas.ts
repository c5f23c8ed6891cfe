// Gas of one-click play on sessions' lanes (docs/decisions.md §4, "lanes"), measured on what the
// app and the server send: each player's session opened with its lane chain's root and its budget
// moved from the vault into the lane; a relay transaction of 20 signed bets, one bet of each of 20
// lanes (the server relays one bet of a lane per transaction), each signed by its session key with
// its lane's next nonce, a random client seed and a deadline within the acceptance window, placed
// and settled at once (CasinoSessions.play), which also records the jackpot draw of the batch
// before it; drawJackpots, sent only for a batch with a hit; a mines round placed
// (CasinoSessions.place) and settled on the key's signed log (CasinoSessions.settle); and a
// session's revocation and close. A bet's figures are receipt gasUsed divided by the bets: what the
// house pays per bet; and the EVM steps per bet (debug_traceTransaction): a node's time per bet
// follows its steps more than its gas (server/bench/node-cost.ts times the node itself).
// Run: npx hardhat run bench/session-gas.ts
import { ethers, network } from "hardhat";
import { time } from "@nomicfoundation/hardhat-network-helpers";
import { hexlify, parseEther, randomBytes, Signature, Wallet, type HDNodeWallet, type TypedDataDomain } from "ethers";
import { deployCasino, GAME, HashChain, laneNonce, NATIVE, betIdOf } from "../test/helpers";
import { ACTIONS_TYPES, BET_TYPES, clientSeedHash, SESSION_TYPES } from "../test/support";
import { ACCEPTANCE_WINDOW, ALL_GAMES } from "../test/sessions/support";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import type { CasinoSessions } from "../typechain-types";

const BETS = 20;
/** Links of each lane's chain here (the server's are HASH_CHAIN.LANE_LENGTH; the contract keeps no length). */
const LANE_LINKS = 256;
/** The app signs a deadline this far inside the acceptance window (engine betDeadline). */
const DEADLINE_MARGIN = 30n;

/** A player's session: its key, its lane, the lane's chain and next place. */
interface Lane {
  key: HDNodeWallet;
  lane: bigint;
  chain: HashChain;
  next: bigint;
  expiresAt: bigint;
}

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
  const lanes = new Map<string, Lane>();
  const sessionRows: string[] = [];
  const gasRow = (label: string, gas: bigint) => `${label.padEnd(46)} ${gas.toLocaleString("en-US").padStart(7)} gas`;

  /** The player's wallet signs a session for a fresh key, its lane's root in the grant; the settler opens it. */
  async function openSession(p: HardhatEthersSigner, budgetDegen: bigint, budgetNative: bigint): Promise<bigint> {
    const key = Wallet.createRandom();
    const chain = new HashChain(`bench lane ${key.address}`, LANE_LINKS);
    const expiresAt = BigInt(await time.latest()) + 86_000n;
    const grant = {
      player: p.address,
      key: key.address,
      commit: chain.commit,
      expiresAt,
      tokens: (budgetDegen > 0n ? 1n : 0n) | (budgetNative > 0n ? 2n : 0n),
      games: ALL_GAMES,
      maxBetDegen: parseEther("1000"),
      maxBetNative: parseEther("1"),
      budgetDegen,
      budgetNative,
    };
    const receipt = (await (await sessions.connect(f.settler).openSession(grant, await p.signTypedData(domain, SESSION_TYPES, grant))).wait())!;
    const lane = await sessions.lanesOf(p.address);
    lanes.set(p.address, { key, lane, chain, next: 0n, expiresAt });
    return receipt.gasUsed;
  }

  for (const [i, p] of players.entries()) {
    await f.casino.connect(p).deposit(f.tokenAddress, parseEther("50000"));
    await f.casino.connect(p).deposit(NATIVE, parseEther("5"), { value: parseEther("5") });
    const gas = await openSession(p, parseEther("40000"), parseEther("4"));
    if (i === 0) sessionRows.push(gasRow("openSession (DEGEN and BNB budgets escrowed)", gas));
  }
  const terms = await f.casino.terms();

  /** A bet as the app signs it: its lane's next nonce, a random client seed, a deadline within the window; and its seed. */
  async function signedBet(p: HardhatEthersSigner, token: string, amount: bigint, game: number, params: bigint) {
    const lane = lanes.get(p.address)!;
    const n = lane.next++;
    const bet = { player: p.address, token, amount, gameType: game, params, clientSeed: hexlify(randomBytes(32)), nonce: laneNonce(lane.lane, n), terms };
    const now = BigInt(await time.latest());
    const deadline = now + ACCEPTANCE_WINDOW - DEADLINE_MARGIN < lane.expiresAt ? now + ACCEPTANCE_WINDOW - DEADLINE_MARGIN : lane.expiresAt;
    const { clientSeed, ...signed } = bet;
    const signature = Signature.from(
      await lane.key.signTypedData(domain, BET_TYPES, { ...signed, clientSeedHash: clientSeedHash(clientSeed), game, deadline }),
    );
    return { signed: { bet, deadline, r: signature.r, vs: signature.yParityAndS }, seed: lane.chain.seed(Number(n) + 1), key: lane.key };
  }

  const rows: string[] = [];
  const drawRows: string[] = [];
  const cases: [string, number, bigint, string, bigint][] = [
    ["wheel (1 colour)", GAME.WHEEL, 1n, f.tokenAddress, 50_000n],
    ["slots", GAME.SLOTS, 0n, f.tokenAddress, 56_000n],
    ["kickboxing (RED)", GAME.KICKBOXING, 0n, f.tokenAddress, 56_000n],
    ["crash auto 2x", GAME.CRASH, 200n, f.tokenAddress, 50_000n],
    ["dice under 50", GAME.DICE, 5_000n, f.tokenAddress, 50_000n],
    ["dice over 90", GAME.DICE, (1n << 14n) | 9_000n, f.tokenAddress, 50_000n],
    ["plinko 16 high", GAME.PLINKO, 0x210n, f.tokenAddress, 50_000n],
    ["plinko 8 low", GAME.PLINKO, 0x008n, f.tokenAddress, 50_000n],
    ["wheel BNB", GAME.WHEEL, 1n, NATIVE, 50_000n],
  ];
  for (const [label, game, params, token, target] of cases) {
    const play = async () => {
      const batch = [];
      for (const p of players) batch.push(await signedBet(p, token, token === NATIVE ? parseEther("0.01") : parseEther("10"), game, params));
      const tx = await sessions.connect(f.settler).play(
        batch.map((b) => b.signed),
        batch.map((b) => b.seed),
      );
      return (await tx.wait())!;
    };
    // The relay's steady state: each play also records the draw of the batch before it.
    await play();
    const receipt = await play();
    const skipped = receipt.logs.filter((l) => f.casino.interface.parseLog(l)?.name === "BetSkipped").length;
    if (skipped > 0) throw new Error(`${label}: ${skipped} bet(s) skipped`);
    const recorded = receipt.logs.some((l) => f.casino.interface.parseLog(l)?.name === "JackpotTicketsDrawn");
    const perBet = receipt.gasUsed / BigInt(BETS);
    const steps = Math.round((await evmSteps(receipt.hash)) / BETS);
    const verdict = perBet <= target ? "ok" : "OVER";
    rows.push(
      `${label.padEnd(18)} ${perBet.toLocaleString("en-US").padStart(7)} gas (target ${target.toLocaleString("en-US")} ${verdict}) ${steps.toLocaleString("en-US").padStart(6)} steps per bet${recorded ? " (the previous batch's jackpot draw recorded)" : ""}`,
    );
    if (token !== NATIVE) {
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

  // A Mines round of 10 DEGEN with 3 mines on a lane: placed, then settled on the signed log of
  // `reveals` safe tiles and a cash-out (the safe tiles found by asking GameRules about each tile).
  const rules = await ethers.getContractAt("GameRules", await f.casino.rules());
  const minesRows: string[] = [];
  for (const reveals of [1, 5]) {
    const p = players[0];
    const { signed, seed, key } = await signedBet(p, f.tokenAddress, parseEther("10"), GAME.MINES, 3n);
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
    const signature = await key.signTypedData(domain, ACTIONS_TYPES, { betId, actions });
    const settled = (await (await sessions.connect(f.settler).settle(betId, seed, actions, signature, "0x")).wait())!;
    const label = `${reveals} reveal${reveals > 1 ? "s" : ""} + C`;
    minesRows.push(
      `${label.padEnd(13)} place ${placed.gasUsed.toLocaleString("en-US").padStart(7)} gas, settle ${settled.gasUsed.toLocaleString("en-US").padStart(7)} gas`,
    );
  }

  // The end of a session: revoked by its player's wallet, then, ACCEPTANCE_WINDOW later, closed by
  // anyone (its lane's funds, both tokens after the bets above, back to the vault).
  const ending = players[1];
  const revoke = (await (await sessions.connect(ending).revokeSession(lanes.get(ending.address)!.key.address)).wait())!;
  sessionRows.push(gasRow("revokeSession", revoke.gasUsed));
  await time.increase(ACCEPTANCE_WINDOW + 1n);
  const close = (await (await sessions.connect(signers[2]).closeSession(ending.address, lanes.get(ending.address)!.key.address)).wait())!;
  sessionRows.push(gasRow("closeSession (DEGEN and BNB back to the vault)", close.gasUsed));
  // A second session of the same player, DEGEN only: the lane after the first.
  sessionRows.push(gasRow("openSession (a second session, DEGEN only)", await openSession(ending, parseEther("1000"), 0n)));

  console.log(
    `one-click play, a relay transaction of ${BETS} bets of ${BETS} lanes (targets: 50,000 gas a bet for wheel, crash, dice and plinko, 56,000 for slots and kickboxing; placement + settlement + jackpot draw):`,
  );
  for (const row of rows) console.log("  " + row);
  console.log("only for a batch with a jackpot hit (the settler sends it; anyone may):");
  for (const row of drawRows) console.log("  " + row);
  console.log("a Mines round on a lane (3 mines, 10 DEGEN): CasinoSessions.place, then CasinoSessions.settle on the signed log:");
  for (const row of minesRows) console.log("  " + row);
  console.log("sessions:");
  for (const row of sessionRows) console.log("  " + row);
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
