import { useEffect, useRef } from "react";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { Token } from "@engine/tokens";
import type { HouseBooks } from "../books";

const HEIGHT = 220;
const KEPT: Record<Token, string> = { DEGEN: "#ffd23f", BNB: "#2de2ff" };
const PREDICTED = "#94a3b8";
const AXIS = { stroke: "#94a3b8", grid: { stroke: "rgba(255,255,255,0.06)" }, ticks: { stroke: "rgba(255,255,255,0.1)" } };
const BET_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000, 1_000_000];
/** The band's half-width in standard deviations: the house page's "within chance". */
const BAND = 2;

/**
 * What the house kept after each resolved bet against what the odds predicted, with the band of
 * two standard deviations around the prediction (the house page). uPlot draws it, as the player
 * page's profit chart; the caption says in words what the canvas shows.
 */
export default function LuckChart({ books }: { books: HouseBooks }) {
  const box = useRef<HTMLDivElement>(null);
  const { path, token } = books;
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const x = path.kept.map((_, i) => i + 1);
    const above = path.expected.map((value, i) => value + BAND * path.spread[i]!);
    const below = path.expected.map((value, i) => value - BAND * path.spread[i]!);
    const plot = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        legend: { show: false },
        scales: { x: { time: false } },
        series: [
          {},
          { label: "+2σ", stroke: "transparent", points: { show: false } },
          { label: "−2σ", stroke: "transparent", points: { show: false } },
          { label: "Predicted", stroke: PREDICTED, width: 1, dash: [4, 4], points: { show: false } },
          { label: `Kept (${token})`, stroke: KEPT[token], width: 2, points: { show: x.length < 60 } },
        ],
        bands: [{ series: [1, 2], fill: "rgba(148,163,184,0.12)" }],
        // Whole bets on the x axis: a tick never falls between two.
        axes: [
          { ...AXIS, label: "Bets resolved", incrs: BET_STEPS },
          { ...AXIS, size: 72 },
        ],
      },
      [x, above, below, path.expected, path.kept],
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [path, token]);
  return (
    <figure className="flex flex-col gap-2" data-testid="house-luck-chart">
      <div ref={box} className="w-full" />
      <figcaption className="text-xs text-slate-400">
        The coloured line is what the house kept after each of the {path.kept.length} {token} bets resolved, the dashed line what the odds predicted for those
        bets, and the shaded band two standard deviations either side of it.
      </figcaption>
    </figure>
  );
}
