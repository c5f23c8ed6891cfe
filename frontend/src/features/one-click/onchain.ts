export { handKey, sessionSigner, signActionKey } from "./session-key";
export type { SessionSigner } from "./session-key";
export { forgetSignedBetsBelow, keepCountersignature, keepSignedBet, readSignedBets } from "./storage";
export type { StoredSignedBet } from "./storage";
