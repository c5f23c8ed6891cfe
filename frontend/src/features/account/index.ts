export { useAccountStore, USER_ID_KEY, INITIAL_BALANCES } from "./account-store";
export type { User, Balances } from "./api";
