import { createRoot } from "react-dom/client";
import { App } from "@/app/app";
import { useWalletStore } from "@/features/wallet";
import "./index.css";

// A wallet connected on an earlier visit comes back with its still-valid session, unasked.
void useWalletStore.getState().restore().catch((error: unknown) => console.warn("Restoring the wallet failed", error));

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");
createRoot(container).render(<App />);
