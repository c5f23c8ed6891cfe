import { act, fireEvent, render, screen } from "@testing-library/react";
import { LATE_AFTER_BLOCKS, RELAY_LATE_AFTER_BLOCKS, useBetStore } from "@/features/bets/bet-store";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WheelDisc } from "../components/wheel-disc";
import type { WheelRoundSource, WheelSpinResult } from "../round-source";
import { landing, LAUNCH_SPEED, STILL_LANDING_MS, stillLanding, waitingAt } from "../spin-motion";
import { useWheelGame } from "../hooks/use-wheel-game";
import { SPIN_DURATION_MS } from "../wheel-display";
import { segmentAtPointer } from "./pointer";

describe("the spin's motion", () => {
  it("lands every segment under the pointer at 3.5 s, slowing all the way and never turning back, whenever the outcome comes in the first 2.3 s", () => {
    for (const knownAtMs of [0, 300, 1_000, 1_800, 2_300]) {
      for (let segment = 0; segment < 10; segment++) {
        for (const offset of [-12, 0, 12]) {
          const { angle, speed } = knownAtMs === 0 ? { angle: 40, speed: LAUNCH_SPEED } : waitingAt(40, knownAtMs);
          const plan = landing(angle, speed, knownAtMs, segment, offset);
          expect(plan.endMs).toBeCloseTo(SPIN_DURATION_MS, 6);
          expect(segmentAtPointer(plan.finalAngle)).toBe(segment);
          let previous = plan.at(knownAtMs);
          let previousStep = Infinity;
          for (let ms = knownAtMs + 10; ms <= plan.endMs; ms += 10) {
            const step = plan.at(ms) - previous;
            expect(step).toBeGreaterThanOrEqual(-1e-9);
            expect(step).toBeLessThanOrEqual(previousStep + 1e-6);
            previous = plan.at(ms);
            previousStep = step;
          }
          expect(plan.at(plan.endMs)).toBe(plan.finalAngle);
        }
      }
    }
  });

  it("turns 5 to 7 times in a spin whose outcome is known at the click (demo play)", () => {
    for (let segment = 0; segment < 10; segment++) {
      const turns = (landing(0, LAUNCH_SPEED, 0, segment, 0).finalAngle - 0) / 360;
      expect(turns).toBeGreaterThanOrEqual(5);
      expect(turns).toBeLessThan(7);
    }
  });

  it("takes longer than 3.5 s only when the outcome comes too late to slow down in time, and starts afresh from rest", () => {
    const late = waitingAt(0, 3_000);
    const plan = landing(late.angle, late.speed, 3_000, 4, 0);
    expect(plan.endMs).toBeGreaterThan(SPIN_DURATION_MS);
    expect(plan.endMs - 3_000).toBeLessThan(2_000);
    expect(segmentAtPointer(plan.finalAngle)).toBe(4);
    const fromRest = landing(100, 0, 60_000, 9, 0);
    expect(fromRest.endMs).toBe(60_000 + SPIN_DURATION_MS);
    expect(segmentAtPointer(fromRest.finalAngle)).toBe(9);
  });
});

/** A web3-like source: the outcome arrives when the test says the chain settled. */
function chainLikeSource() {
  let settle: (result: WheelSpinResult) => void = () => {};
  const source: WheelRoundSource = { spin: () => new Promise((resolve) => (settle = resolve)) };
  return { source, settle: (result: WheelSpinResult) => settle(result) };
}

function Wheel({ source }: { source: WheelRoundSource }) {
  const game = useWheelGame(source);
  return (
    <>
      <button data-testid="pick-gold" onClick={() => game.toggleColour(0)} />
      <WheelDisc
        rotation={game.rotation}
        landingAt={game.landingAt}
        spinning={game.phase === "spinning"}
        rotorRef={game.rotor}
        selected={game.selected}
        onSpin={() => void game.spin()}
      />
    </>
  );
}

const rotor = () => screen.getByTestId("wheel-rotor");
const shownAngle = () => Number(/rotate\((-?[\d.e+]+)deg\)/.exec(rotor().style.transform)?.[1]);

describe("the wheel while a web3 bet waits for the chain", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame", "performance"] }));
  afterEach(() => {
    vi.useRealTimers();
    useBetStore.setState({ bet: null });
  });

  it("turns at the click and lands on the settled segment 3.5 s after it, the wait hidden inside the spin", async () => {
    const chain = chainLikeSource();
    render(<Wheel source={chain.source} />);
    fireEvent.click(screen.getByTestId("pick-gold"));
    fireEvent.click(screen.getByTestId("wheel-hub"));

    await act(async () => vi.advanceTimersByTime(1_000));
    const reached = shownAngle();
    expect(reached).toBeGreaterThan(1_000);

    await act(async () => chain.settle({ segment: 3, won: false, payout: 0 }));
    const landingAt = Number(rotor().getAttribute("data-rotation"));
    expect(landingAt).toBeGreaterThan(reached);
    expect(segmentAtPointer(landingAt)).toBe(3);

    await act(async () => vi.advanceTimersByTime(2_000));
    expect(shownAngle()).toBeLessThan(landingAt);
    expect(screen.getByTestId("wheel-hub")).toBeDisabled();
    await act(async () => vi.advanceTimersByTime(500));
    expect(shownAngle()).toBe(landingAt);
    expect(screen.getByTestId("wheel-hub")).not.toBeDisabled();

    // Stopped: no frame turns it any more.
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(shownAngle()).toBe(landingAt);
  });

  it.each([
    ["a late settlement", { stage: "settling" as const, blocksWaited: LATE_AFTER_BLOCKS }],
    ["a signed bet that has not landed", { stage: "relay-late" as const, blocksWaited: RELAY_LATE_AFTER_BLOCKS }],
  ])("comes to rest for %s, and still lands on the settled segment", async (_, late) => {
    const chain = chainLikeSource();
    render(<Wheel source={chain.source} />);
    fireEvent.click(screen.getByTestId("pick-gold"));
    fireEvent.click(screen.getByTestId("wheel-hub"));
    await act(async () => vi.advanceTimersByTime(500));

    await act(async () => {
      const id = useBetStore.getState().begin("wheel");
      useBetStore.getState().update(id, late);
    });
    const rest = shownAngle();
    await act(async () => vi.advanceTimersByTime(2_000));
    expect(shownAngle()).toBe(rest);

    await act(async () => chain.settle({ segment: 7, won: false, payout: 0 }));
    const landingAt = Number(rotor().getAttribute("data-rotation"));
    expect(landingAt).toBeGreaterThan(rest);
    expect(segmentAtPointer(landingAt)).toBe(7);
    await act(async () => vi.advanceTimersByTime(SPIN_DURATION_MS));
    expect(shownAngle()).toBe(landingAt);
  });
});

describe("the wheel for a player who asked for less motion (prefers-reduced-motion)", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame", "performance"] });
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query === "(prefers-reduced-motion: reduce)", media: query }));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("puts every segment under the pointer by less than a turn forward", () => {
    for (let segment = 0; segment < 10; segment++) {
      for (const offset of [-12, 0, 12]) {
        const plan = stillLanding(40, 800, segment, offset);
        expect(segmentAtPointer(plan.finalAngle)).toBe(segment);
        expect(plan.finalAngle - 40).toBeGreaterThanOrEqual(0);
        expect(plan.finalAngle - 40).toBeLessThan(360);
        expect(plan.endMs).toBe(800 + STILL_LANDING_MS);
        expect(plan.at(800)).toBe(plan.finalAngle);
      }
    }
  });

  it("stays still while the chain settles, then shows the settled segment and ends the spin 250 ms later", async () => {
    const chain = chainLikeSource();
    render(<Wheel source={chain.source} />);
    fireEvent.click(screen.getByTestId("pick-gold"));
    const before = rotor().style.transform;
    fireEvent.click(screen.getByTestId("wheel-hub"));
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(rotor().style.transform).toBe(before);

    await act(async () => chain.settle({ segment: 6, won: false, payout: 0 }));
    const landingAt = Number(rotor().getAttribute("data-rotation"));
    expect(segmentAtPointer(landingAt)).toBe(6);
    await act(async () => vi.advanceTimersByTime(STILL_LANDING_MS - 50));
    expect(screen.getByTestId("wheel-hub")).toBeDisabled();
    await act(async () => vi.advanceTimersByTime(50));
    expect(shownAngle()).toBe(landingAt);
    expect(screen.getByTestId("wheel-hub")).not.toBeDisabled();
  });
});
