// An interactive round's action log as its settlement transaction carries it (CasinoSessions.settle's
// `actions` bytes, docs/protocol.md), read back into what settleGame takes: blackjack's letters, a
// mines log, a crash cash-out in hundredths (null: none). The verifier and the bet page read it
// from the chain, not from the server.
import { GameType } from "./gameTypes";

/** The log in `hex` ("0x…") for a round of `gameType`, or what is wrong with it, one sentence. */
export function actionLogOfBytes(gameType: number, hex: string): { log: string | number | null } | { fault: string } {
  const bytes = hex.slice(2);
  if (gameType === GameType.CRASH) {
    if (bytes.length === 0) return { log: null };
    return bytes.length === 4 ? { log: parseInt(bytes, 16) } : { fault: `the settled cash-out 0x${bytes} is not two bytes` };
  }
  const letters = String.fromCharCode(...(bytes.match(/../g) ?? []).map((byte) => parseInt(byte, 16)));
  if (gameType === GameType.MINES) {
    return /^[a-y]*C?$/.test(letters) ? { log: letters } : { fault: `the settled mines log 0x${bytes} holds bytes other than tiles a to y and a closing C` };
  }
  if (!/^[HSP]*$/.test(letters)) return { fault: `the settled blackjack log 0x${bytes} holds bytes other than H, S and P` };
  return { log: letters };
}
