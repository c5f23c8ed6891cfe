import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { useChoicesStore } from "@/features/choices";
import { useAutoBetFormStore } from "@/features/play-controls/auto-bet-form-store";
import { useSoundStore } from "@/features/sound";
import { useToastStore } from "@/features/toast";
import { useWalletStore } from "@/features/wallet";

// Node-environment test files (the data client's) have no localStorage.
const storage: Storage | undefined = globalThis.localStorage;

function resetStores() {
  useWalletStore.setState(useWalletStore.getInitialState(), true);
  useSoundStore.setState(useSoundStore.getInitialState(), true);
  useToastStore.setState(useToastStore.getInitialState(), true);
  useChoicesStore.setState(useChoicesStore.getInitialState(), true);
  useAutoBetFormStore.setState(useAutoBetFormStore.getInitialState(), true);
}

// findBy/waitFor give up after 1 s by default (so does vi.waitFor, which these tests leave for
// testing-library's waitFor). A lazy page or the wallet code is transformed on its
// first import, which took longer than that on a 2-core machine running the browser tests beside
// (header, slots and lobby tests timed out at load 11): the wait is for the same element, only longer.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no scrolling; the router's ScrollRestoration calls it on every navigation.
if (typeof window !== "undefined") window.scrollTo = () => undefined;

beforeEach(() => {
  storage?.clear();
  if (storage) resetStores();
});

afterEach(() => {
  if (typeof document !== "undefined") cleanup();
  storage?.clear();
});
