import type { DamagePopup, Fight, FightExchange, Fighter } from "@engine/kickboxing";
import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import type { MatchPhase } from "../match-machine";
import { FighterFigure, type FighterPose } from "./fighter";

export interface ArenaProps {
  phase: MatchPhase;
  fight: Fight | null;
  shownExchanges: number;
  children?: ReactNode;
}

function posesFor(phase: MatchPhase, fight: Fight | null, latest: FightExchange | undefined): Record<Fighter, FighterPose> {
  if (phase === "finished" && fight?.endReason === "KO") {
    return fight.winner === "RED" ? { RED: "win", BLUE: "ko" } : { RED: "ko", BLUE: "win" };
  }
  if (phase !== "fighting" || !latest) return { RED: "idle", BLUE: "idle" };
  const defender: Fighter = latest.attacker === "RED" ? "BLUE" : "RED";
  const attack: FighterPose = latest.move === "PUNCH" ? "punch" : "kick";
  const defence: FighterPose = latest.blocked ? "block" : latest.hit ? "hit" : "idle";
  return {
    [latest.attacker]: latest.counter ? "hit" : attack,
    [defender]: defence,
  } as Record<Fighter, FighterPose>;
}

function popupLabel(popup: DamagePopup): string {
  if (popup.isCounter) return `COUNTER -${popup.damage}`;
  if (popup.isBlock) return `BLOCK -${popup.damage}`;
  return `-${popup.damage}`;
}

/** The ring: two fighters replaying the engine's exchanges, with floating damage numbers. */
export function Arena({ phase, fight, shownExchanges, children }: ArenaProps) {
  const timeline = fight?.timeline ?? [];
  const latest = phase === "idle" ? undefined : timeline[shownExchanges - 1];
  const poses = posesFor(phase, fight, latest);
  // The previous exchange's numbers are still floating away when the next one lands.
  const recent = phase === "fighting" ? timeline.slice(Math.max(0, shownExchanges - 2), shownExchanges) : [];

  return (
    <div
      data-testid="kickboxing-arena"
      className="relative isolate h-64 overflow-hidden rounded-2xl border border-white/10 bg-linear-to-b from-night-800 via-night-900 to-night-950 sm:h-80"
    >
      {/* spotlights and crowd glow */}
      <div
        aria-hidden="true"
        className="absolute inset-x-0 top-0 -z-10 h-2/3 bg-[radial-gradient(ellipse_at_30%_0%,rgb(255_61_90/0.25),transparent_60%),radial-gradient(ellipse_at_70%_0%,rgb(61_139_255/0.25),transparent_60%)]"
      />
      {/* ropes */}
      <div aria-hidden="true" className="absolute inset-x-3 top-[22%] -z-10 flex flex-col gap-[9%] sm:inset-x-6">
        <span className="h-1 rounded-full bg-linear-to-r from-[#ff3d5a] via-white/70 to-[#3d8bff] opacity-70" />
        <span className="h-1 rounded-full bg-linear-to-r from-[#ff3d5a] via-white/70 to-[#3d8bff] opacity-55" />
        <span className="h-1 rounded-full bg-linear-to-r from-[#ff3d5a] via-white/70 to-[#3d8bff] opacity-40" />
      </div>
      {/* canvas floor */}
      <div
        aria-hidden="true"
        className="absolute inset-x-0 bottom-0 -z-10 h-[18%] bg-linear-to-b from-[#2a2370] to-[#15103d] [clip-path:polygon(4%_0,96%_0,100%_100%,0_100%)]"
      />

      <div className="absolute bottom-[6%] left-[8%] h-[78%] sm:left-[16%]">
        <FighterFigure corner="RED" pose={poses.RED} beat={shownExchanges} />
      </div>
      <div className="absolute right-[8%] bottom-[6%] h-[78%] sm:right-[16%]">
        <FighterFigure corner="BLUE" pose={poses.BLUE} beat={shownExchanges} />
      </div>

      {latest && phase === "fighting" && latest.combo > 0 && (
        <span
          key={`combo-${latest.index}`}
          className={cn(
            "kb-popup absolute top-[20%] rounded-full px-2.5 py-0.5 text-xs font-black tracking-wider text-night-950",
            latest.attacker === "RED" ? "left-[28%] bg-[#ff3d5a]" : "left-[72%] bg-[#3d8bff]",
          )}
        >
          COMBO x{latest.comboMultiplier.toFixed(2)}
        </span>
      )}
      {recent.map((exchange) =>
        exchange.hit ? (
          exchange.popups.map((popup) => (
            <span
              key={popup.id}
              data-testid="damage-popup"
              data-kind={popup.isCounter ? "counter" : popup.isBlock ? "block" : "hit"}
              style={{ left: `${popup.x}%`, top: `${popup.y}%` }}
              className={cn(
                "kb-popup pointer-events-none absolute font-display font-black whitespace-nowrap [text-shadow:0_2px_8px_rgb(0_0_0/0.9)]",
                popup.isCounter ? "text-lg text-gold sm:text-xl" : popup.isBlock ? "text-base text-cyan sm:text-lg" : "text-2xl text-white sm:text-3xl",
              )}
            >
              {popupLabel(popup)}
            </span>
          ))
        ) : (
          <span
            key={`miss-${exchange.index}`}
            style={{ left: exchange.attacker === "RED" ? "68%" : "32%", top: "30%" }}
            className="kb-popup pointer-events-none absolute font-display text-sm font-bold tracking-widest text-slate-400"
          >
            MISS
          </span>
        ),
      )}
      {children}
    </div>
  );
}
