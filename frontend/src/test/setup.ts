import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach } from "vitest";
import { useSoundStore } from "@/features/sound";
import { useToastStore } from "@/features/toast";
import { useWalletStore } from "@/features/wallet";

// Node-environment test files (the data client's) have no localStorage.
const storage: Storage | undefined = globalThis.localStorage;

function resetStores() {
  useWalletStore.setState(useWalletStore.getInitialState(), true);
  useSoundStore.setState(useSoundStore.getInitialState(), true);
  useToastStore.setState(useToastStore.getInitialState(), true);
}

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
