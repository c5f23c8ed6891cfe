export { useSessionStore, USER_ID_KEY, INITIAL_BALANCES } from "./session-store";
export type { SessionState, SessionActions, SessionStore } from "./session-store";
export type { User, Balances } from "./api";
