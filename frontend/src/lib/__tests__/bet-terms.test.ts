// @vitest-environment node
import { describe, expect, it } from "vitest";
import { formatBps, formatWindow } from "../bet-terms";

describe("the terms in words", () => {
  it.each([
    [600, "10 min"],
    [3_600, "1 h"],
    [5_400, "1 h 30 min"],
    [86_400, "24 h"],
    [601, "601 s"],
  ])("a settle window of %i s reads %s", (seconds, text) => {
    expect(formatWindow(seconds)).toBe(text);
  });

  it("basis points read as a percentage", () => {
    expect([formatBps(50), formatBps(500), formatBps(0)]).toEqual(["0.5 %", "5 %", "0 %"]);
  });
});
