import { HOTKEYS, type HotkeyActions } from "../use-hotkeys";

const SAYS: Record<keyof HotkeyActions, string> = {
  bet: "bet",
  halve: "halve the stake",
  double: "double the stake",
  stopAutoBet: "stop auto-bet",
};

/** The hotkeys, listed on each game's page; `bet` says what Space does there ("bet, or cash out"); a game without auto-bet has no S. */
export function HotkeyList({ bet = SAYS.bet, autoBet = true }: { bet?: string; autoBet?: boolean }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-400" data-testid="hotkeys">
      <span className="font-medium text-slate-300">Hotkeys</span>
      {HOTKEYS.filter(({ action }) => autoBet || action !== "stopAutoBet").map(({ key, action }) => (
        <span key={key} className="whitespace-nowrap">
          <kbd className="rounded border border-white/20 bg-white/5 px-1.5 py-0.5 font-mono text-[0.7rem] text-slate-200">{key}</kbd>{" "}
          {action === "bet" ? bet : SAYS[action]}
        </span>
      ))}
      <span className="text-slate-500">(off while you type)</span>
    </p>
  );
}
