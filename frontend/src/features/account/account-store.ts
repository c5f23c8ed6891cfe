import { create } from "zustand";
import { fetchBalances, fetchUser, registerUser, type Balances, type User } from "./api";

/** docs/product.md §9: the local storage key of the account's user id (the product's 'Session' section: the registered user, not a one-click session). */
export const USER_ID_KEY = "userId";

/** docs/product.md §3 and §9: balances start at "0" for both tokens. */
export const INITIAL_BALANCES: Readonly<Balances> = { DEGEN: "0", BNB: "0" };

export interface AccountState {
  user: User | null;
  balances: Balances;
  /** docs/product.md §4 'Session': initially loading, until the stored user (if any) has been tried. */
  isLoading: boolean;
}

export interface AccountActions {
  /** At start: a stored user id loads that user, then their balances; a failed load forgets the id. */
  start: () => Promise<void>;
  /** Registers, sets the user, stores the id and loads balances; a failure is logged and re-thrown. */
  register: (walletAddress: string, username: string) => Promise<User>;
  /** Reloads the current user's balances, if there is a user. */
  refreshBalances: () => Promise<void>;
  /** Clears the user, resets balances to "0" and forgets the stored id. */
  logout: () => void;
  /**
   * The user the server names for a signed-in wallet (the sign-in and session answers carry it):
   * that wallet's user becomes the account's, or none when the wallet has not registered.
   */
  adopt: (user: User | null) => Promise<void>;
}

export type AccountStore = AccountState & AccountActions;

function storedUserId(): number | null {
  const stored = localStorage.getItem(USER_ID_KEY);
  const id = stored === null ? Number.NaN : Number(stored);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export const useAccountStore = create<AccountStore>()((set, get) => {
  function setUser(user: User) {
    localStorage.setItem(USER_ID_KEY, String(user.id));
    set({ user });
  }

  return {
    user: null,
    balances: { ...INITIAL_BALANCES },
    isLoading: true,

    start: async () => {
      const id = storedUserId();
      if (id === null) {
        // A value that is no user id at all is as good as a failed load.
        localStorage.removeItem(USER_ID_KEY);
        set({ isLoading: false });
        return;
      }
      set({ isLoading: true });
      try {
        setUser(await fetchUser(id));
      } catch (error) {
        console.warn("Loading the user failed", error);
        localStorage.removeItem(USER_ID_KEY);
        set({ isLoading: false });
        return;
      }
      await get().refreshBalances();
      set({ isLoading: false });
    },

    register: async (walletAddress, username) => {
      let user: User;
      try {
        user = await registerUser(walletAddress, username);
      } catch (error) {
        console.warn("Registration failed", error);
        throw error;
      }
      setUser(user);
      await get().refreshBalances();
      return user;
    },

    refreshBalances: async () => {
      const user = get().user;
      if (!user) return;
      try {
        const balances = await fetchBalances(user.id);
        // A logout or another user while the call ran: its answer no longer belongs here.
        if (get().user?.id === user.id) set({ balances });
      } catch (error) {
        console.warn("Loading balances failed", error);
      }
    },

    logout: () => {
      localStorage.removeItem(USER_ID_KEY);
      set({ user: null, balances: { ...INITIAL_BALANCES } });
    },

    adopt: async (user) => {
      if (user === null) {
        get().logout();
        return;
      }
      if (get().user?.id !== user.id) set({ balances: { ...INITIAL_BALANCES } });
      setUser(user);
      set({ isLoading: false });
      await get().refreshBalances();
    },
  };
});
