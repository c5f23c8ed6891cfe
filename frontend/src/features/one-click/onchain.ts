export { handKey, sessionSigner, signActionKey } from "./session-key";
export type { SessionSigner } from "./session-key";
export { forgetSignedBetsBelow, forgetSignedBetsFrom, keepSignedBet, readSignedBets, updateSignedBet } from "./signed-bets";
export type { StoredSignedBet } from "./signed-bets";
