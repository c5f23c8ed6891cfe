import { useEffect, useRef } from "react";
import { formatEther } from "ethers";
import uPlot from "uplot";
import "uplot/dist/uPlot.min.css";
import type { Token } from "@/config/tokens";
import { displayAmount } from "@/features/wallet";
import { localOffsetSec, profitTimeAxis } from "../profit-time-axis";
import type { ProfitPoint } from "../stats-api";

const HEIGHT = 220;
const LINE: Record<Token, string> = { DEGEN: "#ffd23f", BNB: "#2de2ff" };
/** About one time label per this many pixels of width. */
const PX_PER_TIME_TICK = 110;
const AXIS = { stroke: "#94a3b8", grid: { stroke: "rgba(255,255,255,0.06)" }, ticks: { stroke: "rgba(255,255,255,0.1)" } };

const dateText = (seconds: number) => new Date(seconds * 1000).toLocaleDateString(undefined, { dateStyle: "medium" });

/**
 * The player's net profit after each settled bet, over time. uPlot draws it (about 20 kB gzip, a
 * tenth of the better-known chart libraries, and fast with thousands of points); as a canvas says
 * nothing to a screen reader, the figure's caption says what the line shows, and the history
 * below lists every bet.
 */
export default function ProfitChart({ token, points, bets }: { token: Token; points: readonly ProfitPoint[]; bets: number }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const times = points.map(([time]) => time);
    const data: uPlot.AlignedData = [times, points.map(([, wei]) => Number(formatEther(wei)))];
    // The time axis spans the bets' own time at the plot's current width (profit-time-axis.ts).
    const axisFor = (width: number) => profitTimeAxis(times, Math.max(2, Math.floor(width / PX_PER_TIME_TICK)), localOffsetSec(times[0] ?? 0));
    let axis = axisFor(element.clientWidth);
    const plot = new uPlot(
      {
        width: element.clientWidth,
        height: HEIGHT,
        legend: { show: false },
        scales: { x: { time: true, range: () => [axis.min, axis.max] } },
        series: [{}, { label: `Net profit (${token})`, stroke: LINE[token], width: 2, fill: `${LINE[token]}22`, points: { show: points.length < 60 } }],
        axes: [
          { ...AXIS, splits: () => axis.ticks, values: () => axis.labels },
          { ...AXIS, size: 64 },
        ],
      },
      data,
      element,
    );
    const resize = new ResizeObserver(() => {
      axis = axisFor(element.clientWidth);
      plot.setSize({ width: element.clientWidth, height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [token, points]);
  const first = points[0];
  const last = points.at(-1);
  return (
    <figure className="glass-card flex flex-col gap-2 p-4" data-testid={`profit-chart-${token}`}>
      <figcaption className="text-sm text-slate-300">
        Net profit in {token} over time
        {first && last && (
          <span className="block text-xs text-slate-400" data-testid="profit-chart-summary">
            {displayAmount(token, BigInt(last[1]))} {token} after {bets === 1 ? "one bet" : `${bets} bets`}, from {dateText(first[0])} to {dateText(last[0])}
          </span>
        )}
      </figcaption>
      <div ref={box} aria-hidden="true" className="w-full" />
    </figure>
  );
}
