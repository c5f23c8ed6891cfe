import type { ReactElement } from "react";
import { render, screen } from "@testing-library/react";
import { Toaster } from "@/features/toast";
import { useWalletStore } from "@/features/wallet";

/** Renders a game page with the toaster beside it, as the app shell does. */
export function renderGamePage(page: ReactElement) {
  return render(
    <>
      {page}
      <Toaster />
    </>,
  );
}

/** The text of the toast on screen. */
export const toastText = () => screen.getByTestId("toast").textContent;

/** The demo DEGEN balance. */
export const demoDegen = () => useWalletStore.getState().demoBalances.DEGEN;
