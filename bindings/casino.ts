// The contracts' bindings that the server and the verifier both call the chain with: the ABIs'
// interfaces and the player view. Neutral ground, so that the verifier (an auditor's tool) needs
// none of the server's code; events and errors are decoded in events.ts and errors.ts, which the
// app shares.
import { Interface } from "ethers";
import { parseCasinoLog } from "./events";
import { errorNamed } from "./errors";
import { Casino__factory } from "../typechain-types/factories/contracts/Casino__factory";
import { CasinoRelay__factory } from "../typechain-types/factories/contracts/CasinoRelay__factory";
import { CasinoSessions__factory } from "../typechain-types/factories/contracts/CasinoSessions__factory";
import { IntakeView__factory } from "../typechain-types/factories/contracts/views/IntakeView__factory";
import type { IntakeView } from "../typechain-types/contracts/views/IntakeView";
import type { Casino } from "../typechain-types/contracts/Casino";
import type { CasinoSessions } from "../typechain-types/contracts/CasinoSessions";

export type { Casino, CasinoSessions };
export { CasinoSessions__factory };
export const casinoInterface: Interface = Casino__factory.createInterface() as unknown as Interface;
export const relayInterface: Interface = CasinoRelay__factory.createInterface() as unknown as Interface;
export const sessionsInterface: Interface = CasinoSessions__factory.createInterface() as unknown as Interface;
const intakeViewInterface = IntakeView__factory.createInterface();

/** A player's view as contracts/views/IntakeView.sol reads it (its PlayerView). */
export type PlayerIntakeView = IntakeView.PlayerViewStructOutput;

/**
 * The eth_call (no `to`) that reads a player's view for a bet in `token` of `game` with `params`,
 * signed by `key`, in one request: the creation of contracts/views/IntakeView.sol, whose
 * constructor returns the view.
 */
export function intakeViewCall(casino: string, player: string, token: string, key: string, game: number, params: bigint): { data: string } {
  return { data: IntakeView__factory.bytecode + intakeViewInterface.encodeDeploy([casino, player, token, key, game, params]).slice(2) };
}

/** What an intakeViewCall answered: the view, encoded as IntakeView.viewOf returns it. */
export function decodeIntakeView(answer: string): PlayerIntakeView {
  return intakeViewInterface.decodeFunctionResult("viewOf", answer)[0] as PlayerIntakeView;
}

/** A one-click bet that CasinoSessions.play skipped (ICasino.BetSkipped): its player, nonce and the refusing error's name. */
export interface SkippedBet {
  player: string;
  nonce: bigint;
  reason: string;
}

/** The bets a relay transaction's receipt says the chain skipped, the refusing error named from the Casino's, the sessions' or the limits' ABI (its selector when none has it). */
export function skippedBetsOf(logs: readonly { topics: readonly string[]; data: string }[]): SkippedBet[] {
  return logs.flatMap((log) => {
    const event = parseCasinoLog(log);
    if (event?.name !== "BetSkipped") return [];
    const { player, nonce, reason } = event.args;
    return [{ player, nonce, reason: errorNamed(reason) ?? reason }];
  });
}
