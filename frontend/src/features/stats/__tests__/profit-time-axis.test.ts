// @vitest-environment node
import { describe, expect, it } from "vitest";
import { profitTimeAxis } from "../profit-time-axis";

const at = (iso: string) => Date.parse(iso) / 1000;
const UTC = 0;

describe("the profit chart's time axis (issue #39 item 4)", () => {
  it("centres one bet in a minute of clock time, not years", () => {
    const bet = at("2026-11-25T14:05:20Z");
    const axis = profitTimeAxis([bet], 6, UTC);
    expect([axis.min, axis.max]).toEqual([bet - 30, bet + 30]);
    // 10 s would make 7 ticks (14:04:50 to 14:05:50): the next round step.
    expect(axis.labels).toEqual(["14:05:00", "14:05:15", "14:05:30", "14:05:45"]);
    expect(axis.ticks[0]).toBe(at("2026-11-25T14:05:00Z"));
  });

  it("spans a few bets in one minute by seconds", () => {
    const bets = [at("2026-11-25T14:05:03Z"), at("2026-11-25T14:05:21Z"), at("2026-11-25T14:05:50Z")];
    const axis = profitTimeAxis(bets, 6, UTC);
    // 47 s of bets, widened to a minute around them.
    expect(axis.max - axis.min).toBe(60);
    expect(axis.min).toBeLessThan(bets[0]!);
    expect(axis.max).toBeGreaterThan(bets[2]!);
    expect(axis.labels).toEqual(["14:05:00", "14:05:10", "14:05:20", "14:05:30", "14:05:40", "14:05:50"]);
  });

  it("spans bets over a year by calendar months", () => {
    const bets = [at("2025-11-25T09:00:00Z"), at("2026-03-02T18:30:00Z"), at("2026-11-25T09:00:00Z")];
    const axis = profitTimeAxis(bets, 6, UTC);
    const year = bets[2]! - bets[0]!;
    expect(axis.min).toBe(bets[0]! - year * 0.05);
    expect(axis.max).toBe(bets[2]! + year * 0.05);
    expect(axis.labels).toEqual(["Jan 2026", "Mar 2026", "May 2026", "Jul 2026", "Sep 2026", "Nov 2026"]);
    expect(axis.ticks[0]).toBe(at("2026-01-01T00:00:00Z"));
  });

  it("puts the ticks on the viewer's round times, and fewer on a narrow chart", () => {
    const bets = [at("2026-11-25T14:00:00Z"), at("2026-11-25T20:00:00Z")];
    // UTC+5:30: the bets are at 19:30 and 01:30 local time; 4 ticks at most.
    const axis = profitTimeAxis(bets, 4, 5.5 * 3600);
    expect(axis.labels).toEqual(["20:00", "22:00", "00:00"]);
    expect(axis.ticks).toEqual([at("2026-11-25T14:30:00Z"), at("2026-11-25T16:30:00Z"), at("2026-11-25T18:30:00Z")]);
  });
});
