import { expect } from "chai";
import hre, { ethers } from "hardhat";
import { loadFixture, mine, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import type { HardhatEthersSigner } from "@nomicfoundation/hardhat-ethers/signers";
import { HashChain, NATIVE, betIdOf, settleAt } from "./helpers";
import { deployedStack, runTask } from "./deployed";
import { ACCEPTANCE_WINDOW } from "./sessions/support";
import { explainFailure, loadContext, simulateAndSend, type TxResult } from "../tasks/context";
import { formatAmount } from "../tasks/format";
import { MAX_BET_DECIMALS, MAX_BET_GAMES, type CasinoStatus } from "../tasks/status";

const DAY = 86_400n;

async function stack() {
  const deployed = await deployedStack();
  const run = <R = TxResult>(name: string, args: Record<string, unknown> = {}) => runTask<R>(name, { deployment: deployed.file, ...args });
  const stranger = deployed.signers[5];
  return { ...deployed, run, stranger };
}

/** Runs a task that must refuse before sending: no transaction from `from`, no block mined. */
async function expectRefusal(
  run: Awaited<ReturnType<typeof stack>>["run"],
  from: HardhatEthersSigner,
  name: string,
  args: Record<string, unknown>,
  reason: RegExp,
) {
  const [nonce, block] = await Promise.all([ethers.provider.getTransactionCount(from.address), ethers.provider.getBlockNumber()]);
  const outcome = await run(name, { from: from.address, ...args });
  expect(outcome.exitCode, `${name} ${JSON.stringify(args)} exit code`).to.equal(1);
  expect(outcome.err).to.match(reason);
  expect(outcome.err.split("\n"), "a one-line refusal").to.have.length(1);
  expect(outcome.out).to.equal("");
  expect(await ethers.provider.getTransactionCount(from.address), `${name} sent nothing`).to.equal(nonce);
  expect(await ethers.provider.getBlockNumber()).to.equal(block);
}

describe("Operator tasks (tasks/)", function () {
  it("casino:status reports exactly what the Casino, its swap desk and the locks answer", async function () {
    const { run, casino, swapDesk, token, tokenAddress, record, owner, settler } = await loadFixture(stack);
    const { result: status, out } = await run<CasinoStatus>("casino:status", { json: true });
    expect(status).to.not.equal(undefined);
    const s = status!;
    expect(JSON.parse(out).contracts).to.deep.equal(s.contracts);
    expect(s.contracts).to.deep.equal({
      Casino: record.contracts.Casino,
      DegenToken: tokenAddress,
      CasinoSwap: record.contracts.CasinoSwap,
      CasinoRelay: record.contracts.CasinoRelay,
    });
    expect([s.owner, s.settler, s.signer, s.paused]).to.deep.equal([owner.address, settler.address, owner.address, false]);
    expect(s.settlerGas).to.equal(await ethers.provider.getBalance(settler.address));
    expect(s.settleWindow).to.equal(await casino.settleWindow());
    expect(s.announcementDelay).to.equal(await casino.announcementDelay());
    expect([s.risk.perBetBps, s.risk.perPlayerBps]).to.deep.equal(await casino.riskBps());
    expect([s.jackpot.edgeBps, s.jackpot.shareBps]).to.deep.equal(await casino.jackpotTerms());
    expect(s.jackpot.pool).to.equal(await casino.jackpotPool());
    for (const [symbol, address] of [
      ["DEGEN", tokenAddress],
      ["BNB", NATIVE],
    ] as const) {
      const t = s.tokens[symbol];
      const [bankroll, reserved] = await casino.house(address);
      expect([t.bankroll, t.reserved, t.free]).to.deep.equal([bankroll, reserved, bankroll - reserved]);
      expect(t.accounted).to.equal(await casino.accounted(address));
      expect(t.held).to.equal(symbol === "BNB" ? await ethers.provider.getBalance(record.contracts.Casino) : await token.balanceOf(record.contracts.Casino));
      expect([t.minBet, t.maxBetLimit, t.rtpBps]).to.deep.equal([
        await casino.minBet(address),
        await casino.maxBetLimit(address),
        await casino.rtpBps(address),
      ]);
      for (const [i, game] of MAX_BET_GAMES.entries()) {
        expect(t.maxBets[i].maxBet, `${symbol} ${game.label}`).to.equal(await casino.maxBet(address, game.gameType, game.params, NATIVE));
      }
      expect(t.swapRoom).to.equal((await swapDesk.quote(symbol === "BNB" ? tokenAddress : NATIVE, 0))[1]);
      expect(t.pendingWithdrawal).to.equal(null);
    }
    const [rate, perSwap, daily] = await swapDesk.terms();
    expect([s.swap.rate, s.swap.perSwapCapBps, s.swap.dailyCapBps, s.swap.pendingRate]).to.deep.equal([rate, perSwap, daily, null]);
    expect(s.locks.map((lock) => [lock.address, lock.holds])).to.deep.equal(
      record.locks.map((lock) => [lock.address, lock.asset === "DEGEN" ? BigInt(lock.amount) : 0n]),
    );
    expect(s.bets).to.include({ fromBlock: record.deploymentBlock, openBets: 0, oldest: null, lastSettledBlock: null });

    // The text report shows the same figures, aligned.
    const { out: text } = await run("casino:status");
    const house = (label: string, degen: bigint, bnb: bigint) => new RegExp(`^  ${label} +${formatAmount(degen)} +${formatAmount(bnb)}$`, "m");
    expect(text).to.match(house("bankroll", s.tokens.DEGEN.bankroll, s.tokens.BNB.bankroll));
    expect(text).to.match(house("free", s.tokens.DEGEN.free, s.tokens.BNB.free));
    expect(text).to.match(house("owed \\(accounted\\)", s.tokens.DEGEN.accounted, s.tokens.BNB.accounted));
    expect(text).to.match(/^ {2}bankroll +5,000,000 +1,000$/m);
    expect(text).to.match(/^ {2}pool +1,200,000 DEGEN$/m);
    for (const [i, game] of MAX_BET_GAMES.entries()) {
      const [degen, bnb] = [s.tokens.DEGEN.maxBets[i].maxBet, s.tokens.BNB.maxBets[i].maxBet].map((value) => formatAmount(value, 18, MAX_BET_DECIMALS));
      expect(text).to.match(new RegExp(`^  ${game.label.replace(".", "\\.")} +${degen} +${bnb}$`, "m"));
    }
    expect(text).to.match(/^ {2}settle window +1h \(3600 s\)$/m);
    expect(text).to.match(/^ {2}risk per bet +500 bps \(5 %\) of the free bankroll$/m);
    expect(text).to.match(/^ {2}rate +10,000 DEGEN per BNB$/m);
    expect(text).to.match(/^ {2}Reserve +0x[0-9a-fA-F]{40} +holds 561,300,000 DEGEN, releasable 0 +all from /m);
  });

  it("casino:status finds the oldest open bet and the settler's lag, scanning the logs in chunks", async function () {
    const { run, casino, settler, signers, record } = await loadFixture(stack);
    const [alice, bob, carol] = signers.slice(2, 5);
    const chains = new Map<string, HashChain>();
    for (const player of [alice, bob, carol]) {
      chains.set(player.address, new HashChain(`tasks ${player.address}`, 4));
      await casino.connect(settler).setCommitment(player.address, chains.get(player.address)!.commit, 4);
    }
    const bet = async (player: HardhatEthersSigner) => {
      const [[commit], terms] = await Promise.all([casino.commitmentOf(player.address), casino.terms()]);
      const stake = parseEther("0.01");
      const tx = await casino.connect(player).playGame(NATIVE, stake, 0, 1, ethers.id(player.address), commit, terms, { value: stake });
      return (await tx.wait())!.blockNumber;
    };
    await bet(carol);
    await bet(alice);
    const bobBlock = await bet(bob);
    await mine(3);
    const settledBlock = (await (await settleAt({ casino, settler }, betIdOf(alice.address, 0n), chains.get(alice.address)!.seed(1))).wait())!.blockNumber;
    // Carol claims hers once the settle window has passed: a claim resolves a bet too.
    await time.increase(3_601);
    await casino.connect(carol).claimExpired(betIdOf(carol.address, 0n));
    await mine(10);

    const head = await ethers.provider.getBlock("latest");
    const bobPlacedAt = (await ethers.provider.getBlock(bobBlock))!.timestamp;
    const { result, out } = await run<CasinoStatus>("casino:status", { chunk: "4" });
    const bets = result!.bets;
    const span = head!.number - record.deploymentBlock + 1;
    expect(bets).to.deep.include({
      fromBlock: record.deploymentBlock,
      toBlock: head!.number,
      chunk: 4,
      requests: Math.ceil(span / 4),
      openBets: 1,
      stoppedAt: null,
    });
    expect(bets.lastSettledBlock).to.equal(settledBlock);
    expect(bets.settlerLagBlocks).to.equal(head!.number - settledBlock);
    expect(bets.oldest).to.deep.include({
      betId: betIdOf(bob.address, 0n),
      player: bob.address,
      token: "BNB",
      stake: parseEther("0.01"),
      placedBlock: bobBlock,
      ageBlocks: head!.number - bobBlock,
      ageSeconds: head!.timestamp - bobPlacedAt,
    });
    expect(out).to.match(
      new RegExp(`^Bets \\(blocks ${record.deploymentBlock}–${head!.number} scanned in ${Math.ceil(span / 4)} getLogs requests of ≤ 4 blocks\\)$`, "m"),
    );
    expect(out).to.match(
      new RegExp(`^  oldest open bet +0\\.01 BNB by ${bob.address} \\(nonce 0\\), placed in block ${bobBlock}, ${head!.number - bobBlock} blocks`, "m"),
    );
    expect(out).to.match(
      new RegExp(
        `^  settler lag +${head!.number - bobBlock} blocks / ${head!.timestamp - bobPlacedAt} s behind the oldest open bet; ${head!.number - settledBlock} blocks since the last settlement$`,
        "m",
      ),
    );

    // From a later block only the bets placed since count.
    const later = await run<CasinoStatus>("casino:status", { fromBlock: String(bobBlock + 1) });
    expect(later.result!.bets).to.deep.include({ fromBlock: bobBlock + 1, openBets: 0, oldest: null, lastSettledBlock: settledBlock });
  });

  it("every setter refuses an out-of-bounds value before sending, naming the bound", async function () {
    const { run, owner } = await loadFixture(stack);
    const cases: [string, Record<string, unknown>, RegExp][] = [
      ["casino:set-max-bet", { token: "DEGEN", amount: "0.5" }, /refused: the max-bet ceiling 0\.5 DEGEN is below the min bet \(1 DEGEN\)$/],
      [
        "casino:set-max-bet",
        { token: "BNB", amount: "16777.216" },
        /refused: the max-bet ceiling 16,777\.216 BNB is above MAX_BET_UNITS × the min bet \(16,777\.215 BNB\)$/,
      ],
      ["casino:set-risk", { perBet: "2001" }, /refused: --per-bet 2001 bps \(20\.01 %\) is above MAX_RISK_BPS \(2000 bps \(20 %\)\)$/],
      ["casino:set-risk", { perBet: "0" }, /refused: --per-bet 0 bps \(0 %\) is below 1 bps/],
      // Both values are checked before either is sent.
      [
        "casino:set-risk",
        { perBet: "800", perPlayer: "5001" },
        /refused: --per-player 5001 bps \(50\.01 %\) is above MAX_PLAYER_RISK_BPS \(5000 bps \(50 %\)\)$/,
      ],
      ["casino:set-settle-window", { window: "9m" }, /refused: the settle window 9m \(540 s\) is below MIN_SETTLE_WINDOW \(10m \(600 s\)\)$/],
      ["casino:set-settle-window", { window: "86401" }, /refused: the settle window 1d 1s \(86401 s\) is above MAX_SETTLE_WINDOW \(1d \(86400 s\)\)$/],
      ["casino:set-announcement-delay", { delay: "59m" }, /is below MIN_ANNOUNCEMENT_DELAY \(1h \(3600 s\)\)$/],
      ["casino:set-announcement-delay", { delay: "31d" }, /is above MAX_ANNOUNCEMENT_DELAY \(30d \(2592000 s\)\)$/],
      ["casino:set-jackpot-terms", { edgeBps: "201" }, /refused: --edge-bps 201 bps \(2\.01 %\) is above MAX_JACKPOT_EDGE_BPS \(200 bps \(2 %\)\)$/],
      ["casino:set-jackpot-terms", { shareBps: "0" }, /refused: --share-bps 0 bps \(0 %\) is below 1 bps/],
      ["casino:set-jackpot-terms", { shareBps: "5001" }, /is above MAX_JACKPOT_SHARE_BPS \(5000 bps \(50 %\)\)$/],
      ["casino:set-swap-caps", { perSwapBps: "501" }, /refused: --per-swap-bps 501 bps \(5\.01 %\) is above MAX_SWAP_CAP_BPS \(500 bps \(5 %\)\)$/],
      ["casino:set-swap-caps", { dailyBps: "99" }, /refused: --daily-bps 99 bps \(0\.99 %\) is below the per-swap cap \(100 bps \(1 %\)\)$/],
      ["casino:set-swap-caps", { dailyBps: "2001" }, /is above MAX_DAILY_CAP_BPS \(2000 bps \(20 %\)\)$/],
      ["casino:swap-rate", { action: "announce", rate: "999" }, /refused: --rate 999 DEGEN per BNB is below MIN_RATE \(1,000 DEGEN per BNB\)$/],
      ["casino:swap-rate", { action: "announce", rate: "100001" }, /is above MAX_RATE \(100,000 DEGEN per BNB\)$/],
      [
        "casino:withdrawal",
        { action: "announce", token: "DEGEN", amount: "5000000.1" },
        /refused: 5,000,000\.1 DEGEN is above the free bankroll \(5,000,000 DEGEN\)$/,
      ],
      ["casino:withdrawal", { action: "execute", token: "BNB" }, /refused: no BNB withdrawal is announced$/],
      ["casino:swap-rate", { action: "cancel" }, /refused: no rate is announced$/],
      ["casino:unpause", {}, /refused: new bets are not paused$/],
      [
        "casino:settler",
        { action: "announce", address: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" },
        /refused: 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 is already the settler$/,
      ],
      ["casino:settler", { action: "announce", address: "0x1234" }, /refused: --address must be a 0x-prefixed 20-byte address$/],
      ["casino:settler", { action: "execute" }, /refused: no settler change is announced$/],
      ["casino:fund", { token: "BNB", amount: "1", jackpot: true }, /refused: the jackpot is paid in DEGEN only$/],
      ["casino:fund", { token: "DEGEN", amount: "400000001" }, /refused: 0x[0-9a-fA-F]{40} holds 400,000,000 DEGEN, 400,000,001 needed$/],
    ];
    for (const [name, args, reason] of cases) await expectRefusal(run, owner, name, args, reason);
  });

  it("every owner command refuses a sender that is not the owner before sending", async function () {
    const { run, stranger } = await loadFixture(stack);
    const commands: [string, Record<string, unknown>][] = [
      ["casino:pause", {}],
      ["casino:unpause", {}],
      ["casino:settler", { action: "announce", address: stranger.address }],
      ["casino:withdrawal", { action: "announce", token: "BNB", amount: "1" }],
      ["casino:set-max-bet", { token: "DEGEN", amount: "1000" }],
      ["casino:set-risk", { perBet: "800" }],
      ["casino:set-settle-window", { window: "2h" }],
      ["casino:set-announcement-delay", { delay: "2d" }],
      ["casino:set-jackpot-terms", { edgeBps: "100" }],
      ["casino:set-swap-caps", { perSwapBps: "200" }],
      ["casino:swap-rate", { action: "announce", rate: "12000" }],
    ];
    for (const [name, args] of commands)
      await expectRefusal(run, stranger, name, args, new RegExp(`refused: ${stranger.address} is not the Casino's owner \\(0x`));
  });

  it("every setter applies an in-bounds value: the view changes, the event is emitted, one line says what changed", async function () {
    const { run, casino, swapDesk, tokenAddress, owner } = await loadFixture(stack);
    const applied = async (name: string, args: Record<string, unknown>, line: RegExp) => {
      const outcome = await run<TxResult>(name, args);
      expect(outcome.exitCode, `${name}: ${outcome.err}`).to.equal(0);
      expect(outcome.out).to.match(line);
      expect(outcome.out).to.have.string(`— tx ${outcome.result!.hash}`);
      return ethers.provider.getTransaction(outcome.result!.hash);
    };
    await expect(
      await applied("casino:set-max-bet", { token: "BNB", amount: "50.0005" }, /^casino:set-max-bet: BNB max-bet ceiling 100 BNB → 50 BNB \(rounded down/),
    )
      .to.emit(casino, "MaxBetLimitChanged")
      .withArgs(NATIVE, parseEther("50"));
    expect(await casino.maxBetLimit(NATIVE)).to.equal(parseEther("50"));

    const risk = await run<TxResult[]>("casino:set-risk", { perBet: "800", perPlayer: "1500" });
    expect(risk.out.split("\n")).to.deep.equal([
      `casino:set-risk: risk per bet 500 bps (5 %) → 800 bps (8 %) of the free bankroll — tx ${risk.result![0].hash}`,
      `casino:set-risk: risk per player 1000 bps (10 %) → 1500 bps (15 %) of the bankroll — tx ${risk.result![1].hash}`,
    ]);
    await expect(await ethers.provider.getTransaction(risk.result![0].hash))
      .to.emit(casino, "RiskChanged")
      .withArgs(800);
    await expect(await ethers.provider.getTransaction(risk.result![1].hash))
      .to.emit(casino, "PlayerRiskChanged")
      .withArgs(1500);
    expect(await casino.riskBps()).to.deep.equal([800n, 1500n]);

    await expect(await applied("casino:set-settle-window", { window: "2h" }, /settle window 1h \(3600 s\) → 2h \(7200 s\)/))
      .to.emit(casino, "SettleWindowChanged")
      .withArgs(7200);
    expect(await casino.settleWindow()).to.equal(7200n);
    await expect(await applied("casino:set-announcement-delay", { delay: "172800" }, /announcement delay 1d \(86400 s\) → 2d \(172800 s\)/))
      .to.emit(casino, "AnnouncementDelayChanged")
      .withArgs(172_800);
    expect(await casino.announcementDelay()).to.equal(172_800n);
    // One change of terms per acceptance window (HouseAdmin): the jackpot terms wait for the settle window's.
    await expectRefusal(run, owner, "casino:set-jackpot-terms", { shareBps: "1000" }, /refused: the contract would revert: not executable before .+ UTC$/);
    await time.increase(ACCEPTANCE_WINDOW);
    await expect(
      await applied(
        "casino:set-jackpot-terms",
        { shareBps: "1000" },
        /edge 50 bps \(0\.5 %\) → 50 bps \(0\.5 %\) of the stake, share 500 bps \(5 %\) → 1000 bps \(10 %\)/,
      ),
    )
      .to.emit(casino, "JackpotTermsChanged")
      .withArgs(50, 1000);
    expect(await casino.jackpotTerms()).to.deep.equal([50n, 1000n]);
    await expect(
      await applied(
        "casino:set-swap-caps",
        { perSwapBps: "200", dailyBps: "1000" },
        /per swap 100 bps \(1 %\) → 200 bps \(2 %\), a day 500 bps \(5 %\) → 1000 bps \(10 %\)/,
      ),
    )
      .to.emit(swapDesk, "SwapCapsChanged")
      .withArgs(200, 1000);
    expect((await swapDesk.terms()).slice(1, 3)).to.deep.equal([200n, 1000n]);

    await expect(await applied("casino:pause", {}, /^casino:pause: new bets are paused/)).to.emit(casino, "Paused");
    expect(await casino.paused()).to.equal(true);
    await expect(await applied("casino:unpause", {}, /^casino:unpause: new bets are open again/)).to.emit(casino, "Unpaused");
    expect(await casino.paused()).to.equal(false);

    // The settler changes only as announced, after the announcement delay (2 days, set above).
    const next = ethers.Wallet.createRandom().address;
    await expect(
      await applied(
        "casino:settler",
        { action: "announce", address: next.toLowerCase() },
        new RegExp(`^casino:settler announce: settler 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 → ${next}, executable from .* \\(in 2d\\), lapses `),
      ),
    ).to.emit(casino, "SettlerChangeAnnounced");
    await expectRefusal(run, owner, "casino:settler", { action: "execute" }, /refused: not executable until .* \(in 2d\); it lapses /);
    await time.increase(2n * DAY);
    await expect(
      await applied(
        "casino:settler",
        { action: "execute" },
        new RegExp(`^casino:settler execute: settler 0x70997970C51812dc3A010C7d01b50e0d17dc79C8 → ${next} \\(its gas balance: 0 BNB\\)`),
      ),
    )
      .to.emit(casino, "SettlerChanged")
      .withArgs("0x70997970C51812dc3A010C7d01b50e0d17dc79C8", next);
    expect(await casino.settler()).to.equal(next);
    expect(tokenAddress).to.equal(await casino.degen());
  });

  it("casino:withdrawal: an early execute is refused with the time, after the delay it executes; lapsed and cancelled ones are refused", async function () {
    const { run, casino, owner, tokenAddress } = await loadFixture(stack);
    const announce = await run<TxResult>("casino:withdrawal", { action: "announce", token: "BNB", amount: "10" });
    expect(announce.exitCode).to.equal(0);
    const announcedAt = BigInt((await ethers.provider.getBlock((await ethers.provider.getTransactionReceipt(announce.result!.hash))!.blockNumber))!.timestamp);
    const executableAt = announcedAt + DAY;
    const when = new Date(Number(executableAt) * 1000)
      .toISOString()
      .replace("T", " ")
      .replace(/\.\d{3}Z$/, " UTC");
    expect(announce.out).to.match(new RegExp(`^casino:withdrawal announce: 10 BNB to the owner, executable from ${when} \\(in 1d\\), lapses `));
    expect(await casino.pendingWithdrawal(NATIVE)).to.deep.equal([parseEther("10"), executableAt]);

    await expectRefusal(
      run,
      owner,
      "casino:withdrawal",
      { action: "execute", token: "BNB" },
      new RegExp(`refused: not executable until ${when} \\(in 1d\\); it lapses `),
    );
    const { out: status } = await run("casino:status");
    expect(status).to.match(new RegExp(`^  BNB +10 BNB: executable from ${when} \\(in 1d\\), lapses `, "m"));

    await time.increaseTo(executableAt);
    const before = await ethers.provider.getBalance(owner.address);
    const executed = await run<TxResult>("casino:withdrawal", { action: "execute", token: "BNB" });
    expect(executed.out).to.match(
      new RegExp(`^casino:withdrawal execute: 10 BNB sent from the bankroll to the owner ${owner.address} \\(bankroll now 990 BNB\\) — tx 0x`),
    );
    await expect(await ethers.provider.getTransaction(executed.result!.hash))
      .to.emit(casino, "BankrollWithdrawalExecuted")
      .withArgs(NATIVE, parseEther("10"), owner.address);
    expect(await ethers.provider.getBalance(owner.address)).to.be.greaterThan(before + parseEther("9.99"));
    expect((await casino.house(NATIVE))[0]).to.equal(parseEther("990"));

    // A lapsed announcement is refused before sending; a cancelled one is gone.
    await run("casino:withdrawal", { action: "announce", token: "DEGEN", amount: "1000" });
    await time.increase(DAY + 7n * DAY + 2n);
    await expectRefusal(
      run,
      owner,
      "casino:withdrawal",
      { action: "execute", token: "DEGEN" },
      /refused: the announcement lapsed at .* UTC: announce it again$/,
    );
    const cancelled = await run<TxResult>("casino:withdrawal", { action: "cancel", token: "DEGEN" });
    expect(cancelled.out).to.match(/^casino:withdrawal cancel: the withdrawal of 1,000 DEGEN is cancelled — tx 0x/);
    expect(await casino.pendingWithdrawal(tokenAddress)).to.deep.equal([0n, 0n]);
  });

  it("casino:swap-rate: announce, an early execute refused with the time, execute after the delay, cancel", async function () {
    const { run, swapDesk, owner } = await loadFixture(stack);
    const announce = await run<TxResult>("casino:swap-rate", { action: "announce", rate: "12,000" });
    expect(announce.out).to.match(/^casino:swap-rate announce: 10,000 DEGEN per BNB → 12,000 DEGEN per BNB, executable from .* \(in 1d\), lapses /);
    await expect(await ethers.provider.getTransaction(announce.result!.hash)).to.emit(swapDesk, "SwapRateAnnounced");
    const [, , , pending, executableAt] = await swapDesk.terms();
    expect(pending).to.equal(12_000n);
    await expectRefusal(run, owner, "casino:swap-rate", { action: "execute" }, /refused: not executable until .* UTC \(in 1d\); it lapses /);
    await time.increaseTo(executableAt);
    const executed = await run<TxResult>("casino:swap-rate", { action: "execute" });
    expect(executed.out).to.match(/^casino:swap-rate execute: swap rate 10,000 DEGEN per BNB → 12,000 DEGEN per BNB — tx 0x/);
    expect((await swapDesk.terms())[0]).to.equal(12_000n);
    await run("casino:swap-rate", { action: "announce", rate: "9000" });
    const cancelled = await run<TxResult>("casino:swap-rate", { action: "cancel" });
    expect(cancelled.out).to.match(/^casino:swap-rate cancel: the announced 9,000 DEGEN per BNB is cancelled; the rate stays 12,000 DEGEN per BNB — tx 0x/);
    await expect(await ethers.provider.getTransaction(cancelled.result!.hash))
      .to.emit(swapDesk, "SwapRateCancelled")
      .withArgs(9000);
  });

  it("casino:fund funds either bankroll and the jackpot from any sender, approving DEGEN when needed", async function () {
    const { run, casino, token, tokenAddress, signers } = await loadFixture(stack);
    const funder = signers[6]; // a dev account with 100,000 DEGEN, not the owner
    const degen = await run<TxResult>("casino:fund", { from: funder.address, token: "degen", amount: "1,500.5" });
    expect(degen.out).to.match(
      /^casino:fund: funded the DEGEN bankroll with 1,500\.5 DEGEN after approving the Casino for it \(tx 0x[0-9a-f]{64}\) \(bankroll now 5,001,500\.5 DEGEN\) — tx 0x/,
    );
    await expect(await ethers.provider.getTransaction(degen.result!.hash))
      .to.emit(casino, "BankrollFunded")
      .withArgs(funder.address, tokenAddress, parseEther("1500.5"));
    await token.connect(funder).approve(await casino.getAddress(), parseEther("10"));
    const jackpot = await run<TxResult>("casino:fund", { from: funder.address, token: "DEGEN", amount: "10", jackpot: true });
    expect(jackpot.out).to.match(/^casino:fund: funded the jackpot with 10 DEGEN \(pool now 1,200,010 DEGEN\) — tx 0x/);
    const bnb = await run<TxResult>("casino:fund", { from: funder.address, token: "BNB", amount: "2" });
    expect(bnb.out).to.match(/^casino:fund: funded the BNB bankroll with 2 BNB \(bankroll now 1,002 BNB\) — tx 0x/);
    expect(await casino.house(NATIVE)).to.deep.equal([parseEther("1002"), 0n]);
  });

  it("simulates before sending and explains a revert in words, from the custom error of whichever contract raised it", async function () {
    const { casino, token, signers, file, owner } = await loadFixture(stack);
    const ctx = await loadContext(hre, { deployment: file });
    const nonce = await owner.getNonce();
    const refusal = await simulateAndSend(ctx, "casino:set-risk", ctx.casino.setRiskBps, 5000n).then(
      () => "sent",
      (error: Error) => error.message,
    );
    expect(refusal).to.equal("casino:set-risk refused: the contract would revert: 5000 is outside the contract's bounds [1, 2000]");
    expect(await owner.getNonce()).to.equal(nonce);

    const failure = async (call: Promise<unknown>) =>
      explainFailure(
        await call.then(
          () => expect.fail("no revert"),
          (error: unknown) => error,
        ),
      );
    expect(await failure(casino.setRiskBps.staticCall(5000))).to.equal("5000 is outside the contract's bounds [1, 2000]");
    expect(await failure(casino.executeBankrollWithdrawal.staticCall(NATIVE))).to.equal("nothing is announced");
    expect(await failure(token.connect(signers[2]).transfer.staticCall(signers[3].address, parseEther("100001")))).to.equal(
      `${signers[2].address} holds 100,000 DEGEN, 100,001 needed`,
    );
    expect(await failure(token.transfer.staticCall(signers[3].address, parseEther("10000000")))).to.equal(
      `${signers[3].address} would hold 10,100,000 DEGEN, above the 10,000,000 DEGEN (1 %) max wallet`,
    );
  });

  it("refuses a network without the deployment, a wrong --casino and an unknown --from in one line", async function () {
    const { run, owner } = await loadFixture(stack);
    const missing = await runTask("casino:status", { deployment: "/nonexistent/31337.json" });
    expect(missing.err).to.equal("no deployment file /nonexistent/31337.json: deploy first, or pass --casino <address>");
    const noCode = await run("casino:status", { casino: ethers.Wallet.createRandom().address });
    expect(noCode.err).to.match(/^no contract at 0x[0-9a-fA-F]{40} on network hardhat \(chain 31337\): is the network right/);
    const unknown = await run("casino:pause", { from: ethers.Wallet.createRandom().address });
    expect(unknown.err).to.match(/^--from 0x[0-9a-fA-F]{40} is not one of network hardhat's accounts$/);
    await expectRefusal(run, owner, "casino:withdrawal", { action: "drain", token: "BNB" }, /--action must be announce, cancel or execute$/);
  });
});
