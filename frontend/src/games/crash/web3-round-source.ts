// Crash in web3 mode: the stake escrowed on chain, the round settled by the server, the result
// read from the chain and checked with the engine in this browser (lifecycle: features/bets).
import { CRASH, type CrashOutcome, type CrashRound } from "@engine/crash";
import type { SettledBet } from "@/features/bets/onchain/index";
import { loadActionSigner } from "@/features/bets/index";
import { useWalletStore } from "@/features/wallet/index";
import type { CrashFlight, CrashLaunchRequest, CrashRoundSource, CrashSettlement } from "./round-source";
import { liveRound, roundEnd, type SignedCashOut } from "./server-round";

/**
 * What a manual round shows while it flies: the round's own curve (the server publishes its
 * wobble, which says nothing of the crash point) on the server's clock, with the crash point
 * still secret: the rocket flies until the server says the round is over or fixes a cash-out.
 */
function liveCurveRound(curve: CrashRound["curve"]): CrashRound {
  return { crashPoint: CRASH.MAX_HUNDREDTHS, curve, crashTimeSec: Number.POSITIVE_INFINITY };
}

/** How each flight ends, once it is asked to (a manual cash-out, or null to ride on). */
type Finish = (manualCashOut: number | null) => Promise<CrashSettlement>;

const lifecycle = () => Promise.all([import("@/features/bets/onchain/index"), import("@engine/gameTypes"), import("@engine/tokens")]);

async function settlementOf(settled: SettledBet): Promise<CrashSettlement> {
  const [{ settledOutcome }, { GameType }, { fromBaseUnits }] = await lifecycle();
  const outcome = settledOutcome(settled);
  if (outcome.gameType !== GameType.CRASH) throw new Error("The settled bet is not a crash round");
  const { cashOut, won } = outcome.crash;
  return { cashOut, won, payout: fromBaseUnits(settled.settlement.payout), round: roundOf(outcome.crash) };
}

const roundOf = ({ crashPoint, curve, crashTimeSec }: CrashOutcome): CrashRound => ({ crashPoint, curve, crashTimeSec });

/**
 * With an auto target the outcome needs no player: the bet is placed and settled, and the
 * rocket replays the settled word's round, ending cashed out at the target or crashed.
 */
async function launchAuto(request: CrashLaunchRequest & { autoCashOut: number }, finishes: WeakMap<CrashFlight, Finish>): Promise<CrashFlight> {
  const [[{ playOnChain }, { GameType }], { encodeCrashParams }] = await Promise.all([lifecycle(), import("@engine/crash")]);
  const { token, stake, autoCashOut } = request;
  const settlement = await settlementOf(await playOnChain({ game: "crash", gameType: GameType.CRASH, token, stake, params: encodeCrashParams(autoCashOut) }));
  const flight: CrashFlight = { ...request, round: settlement.round, cashOutAllowed: false };
  finishes.set(flight, async () => settlement);
  return flight;
}

/**
 * Without a target (params 0) the round is live: the server starts it when it records the bet,
 * the flight follows the server's clock, CASH OUT goes to the server, and the cash-out it fixed
 * is the action log the settlement is checked with. Resolves once the round has started.
 */
async function launchLive(request: CrashLaunchRequest, finishes: WeakMap<CrashFlight, Finish>): Promise<CrashFlight> {
  // Loaded while the bet is placed: the bet waits for nothing but the lifecycle.
  const signing = Promise.all([loadActionSigner(), import("@engine/session")]);
  const [{ playOnChain }, { GameType }] = await lifecycle();
  let clickCashOut!: (signed: SignedCashOut) => void;
  const cashOutClicked = new Promise<SignedCashOut>((resolve) => (clickCashOut = resolve));
  let crashed!: () => void;
  const over = new Promise<void>((resolve) => (crashed = resolve));

  return new Promise<CrashFlight>((started, failed) => {
    const settled = playOnChain({ game: "crash", gameType: GameType.CRASH, token: request.token, stake: request.stake, params: 0n }, async (bet) => {
      const betId = bet.betId.toString();
      // Found before take-off: a cash-out must never wait for a wallet popup (one per round without a session).
      const [{ actionSignerFor }, { crashCashOutBytes }] = await signing;
      const signer = await actionSignerFor(bet.betId);
      const { startedAtMs, curve } = await liveRound(betId);
      const flight: CrashFlight = { ...request, round: liveCurveRound(curve), cashOutAllowed: true, live: { startedAtMs, over } };
      finishes.set(flight, (manualCashOut) => {
        if (manualCashOut !== null) clickCashOut({ multiplier: manualCashOut, signature: signer.sign(crashCashOutBytes(manualCashOut)) });
        return settlement;
      });
      started(flight);
      return roundEnd(betId, request.token, startedAtMs, cashOutClicked, crashed);
    });
    const settlement = settled.then(settlementOf);
    // Before take-off a failure (a refusal, a cancel in the wallet) fails the launch; after it, the finish.
    settlement.catch(failed);
  });
}

export function createWeb3CrashSource(): CrashRoundSource {
  const finishes = new WeakMap<CrashFlight, Finish>();
  return {
    launch(request) {
      const { autoCashOut } = request;
      return autoCashOut === null ? launchLive(request, finishes) : launchAuto({ ...request, autoCashOut }, finishes);
    },
    settle(flight, manualCashOut) {
      const finish = finishes.get(flight);
      if (!finish) return Promise.reject(new Error("This flight was not launched by this source"));
      // The chain paid at settlement; the balance shown changes when the screen shows the end.
      return finish(manualCashOut).finally(() => useWalletStore.getState().outcomeShown());
    },
  };
}
