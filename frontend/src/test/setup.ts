import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { useChoicesStore } from "@/features/choices";
import { useAutoBetFormStore } from "@/features/play-controls/auto-bet-form-store";
import { usePriceStore } from "@/features/prices/price-store";
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
  usePriceStore.setState(usePriceStore.getInitialState(), true);
}

// findBy/waitFor wait for an element or a state; a limit of their own shorter than the test's is a
// bet on the machine's speed. These tests are CPU-bound: beside the browser and contract runs on 2
// cores (load 8-11), a connect test of 0.46 s alone took over 5 s and failed a 5 s limit (issue #36),
// and the header file ran 6.6 times slower under six busy loops. They wait, as the test does, up to
// the frontend project's hang detector (testTimeout in vitest.config.mts), less a margin so that a
// missing element is reported as such rather than as a timed-out test.
configure({ asyncUtilTimeout: 25_000 });

// jsdom has no scrolling; the app scrolls to the top on every link it follows (app/layout/scroll-to-top.tsx).
if (typeof window !== "undefined") window.scrollTo = () => undefined;

beforeEach(() => {
  storage?.clear();
  if (storage) resetStores();
});

afterEach(() => {
  if (typeof document !== "undefined") cleanup();
  storage?.clear();
});
