// @vitest-environment node
import { describe, expect, it } from "vitest";
import { crashRound } from "@engine/crash";
import { axisRange, drawCrashChart, gridStep, type ChartFrame } from "../chart-draw";
import { wordWhere } from "./fixtures";

/** A 2D context that records the labels it is asked to write and accepts every other call. */
function recordingContext() {
  const labels: string[] = [];
  const gradient = { addColorStop: () => undefined };
  const ctx = new Proxy(
    {},
    {
      get: (_target, key) => {
        if (key === "fillText") return (text: string) => labels.push(text);
        if (key === "createLinearGradient" || key === "createRadialGradient") return () => gradient;
        return () => undefined;
      },
      set: () => true,
    },
  ) as CanvasRenderingContext2D;
  return { ctx, labels };
}

describe("crash chart", () => {
  it("keeps at least 10 s and 2x on the axes and rescales beyond", () => {
    expect(axisRange(0, 1)).toEqual({ tMax: 10, mMax: 2 });
    expect(axisRange(5, 1.3)).toEqual({ tMax: 10, mMax: 2 });
    const later = axisRange(20, 3);
    expect(later.tMax).toBeGreaterThan(20);
    expect(later.mMax).toBeGreaterThan(3);
    expect(gridStep(1)).toBe(0.25);
    expect(gridStep(10)).toBe(2);
    expect(gridStep(99)).toBe(20);
  });

  it("labels the axes for idle, flying and crashed frames", () => {
    const round = crashRound(
      wordWhere((candidate) => candidate.crashPoint >= 400),
      "DEGEN",
    );
    const frames: ChartFrame[] = [
      { round: null, tSec: 0, status: "idle" },
      { round, tSec: 3, status: "flying" },
      { round, tSec: round.crashTimeSec, status: "crashed" },
    ];
    const [idle, flying, crashed] = frames.map((frame) => {
      const { ctx, labels } = recordingContext();
      drawCrashChart(ctx, 800, 320, frame);
      return labels;
    });
    expect(idle).toEqual(expect.arrayContaining(["1x", "2x", "0s", "10s"]));
    expect(flying).toEqual(expect.arrayContaining(["2x", "10s"]));
    const topMultiplier = Math.max(...crashed.filter((label) => label.endsWith("x")).map((label) => Number(label.slice(0, -1))));
    expect(topMultiplier).toBeGreaterThanOrEqual(Math.floor(round.crashPoint / 100));
  });
});
