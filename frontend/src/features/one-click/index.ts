export { OneClickDialog } from "./components/one-click-dialog";
export { OneClickPrompt } from "./components/one-click-prompt";
export { useOneClickMinimum } from "./hooks/use-one-click-minimum";
export { oneClickMinStake } from "./min-stake";
export { useOneClickStore } from "./one-click-store";
// The badge loads once a wallet is connected.
export const loadSessionBadge = () => import("./components/session-badge");
