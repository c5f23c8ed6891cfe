import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { BrowserRouter } from "react-router-dom";
import { AppRoutes } from "@/app/routes";
import { useAccountStore } from "@/features/account";
import { useWalletStore } from "@/features/wallet";
import "./index.css";

// docs/product.md §4 'Session': a user id stored on an earlier visit loads that user and their balances.
void useAccountStore.getState().start();
// A wallet connected on an earlier visit comes back with its still-valid session, unasked.
void useWalletStore
  .getState()
  .restore()
  .catch((error: unknown) => console.warn("Restoring the wallet failed", error));

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>,
);
