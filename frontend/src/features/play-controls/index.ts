export { AutoBetPanel } from "./components/auto-bet-panel";
export { HotkeyList } from "./components/hotkey-list";
export { StakeField } from "./components/stake-field";
export { usePlayControls } from "./use-play-controls";
export { useHotkeys } from "./use-hotkeys";
