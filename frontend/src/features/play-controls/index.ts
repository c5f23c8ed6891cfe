export { AutoBetPanel } from "./components/auto-bet-panel";
export { HotkeyList } from "./components/hotkey-list";
export { usePlayControls } from "./use-play-controls";
