import { act, fireEvent, render, screen } from "@testing-library/react";
import { LATE_AFTER_BLOCKS, useBetStore } from "@/features/bets/bet-store";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WheelDisc } from "../components/wheel-disc";
import type { WheelRoundSource, WheelSpinResult } from "../round-source";
import { useWheelGame } from "../use-wheel-game";
import { segmentAtPointer } from "../wheel-rules";

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
        spinning={game.phase === "spinning"}
        waiting={game.waiting}
        rotorRef={game.rotor}
        selected={game.selected}
        onSpin={game.spin}
      />
    </>
  );
}

const rotor = () => screen.getByTestId("wheel-rotor");
const shownAngle = () => Number(/rotate\((-?[\d.]+)deg\)/.exec(rotor().style.transform)?.[1]);

describe("the wheel while a web3 bet waits for the chain", () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame", "performance"] }));
  afterEach(() => {
    vi.useRealTimers();
    useBetStore.setState({ bet: null });
  });

  it("turns at once, without a transition, and lands from where it got to on the settled segment", async () => {
    const chain = chainLikeSource();
    render(<Wheel source={chain.source} />);
    fireEvent.click(screen.getByTestId("pick-gold"));
    fireEvent.click(screen.getByTestId("wheel-hub"));

    await act(async () => vi.advanceTimersByTime(1_000));
    const reached = shownAngle();
    expect(reached).toBeGreaterThan(500);
    expect(rotor().style.transition).toBe("none");

    await act(async () => chain.settle({ segment: 3, won: false, payout: 0 }));
    const landing = Number(rotor().getAttribute("data-rotation"));
    expect(landing).toBeGreaterThan(reached);
    expect(segmentAtPointer(landing)).toBe(3);
    expect(shownAngle()).toBe(landing);
    expect(rotor().style.transition).toContain("transform");

    // Stopped: no frame turns it any more.
    await act(async () => vi.advanceTimersByTime(1_000));
    expect(shownAngle()).toBe(landing);
  });

  it("comes to rest once the settlement is late, and still lands on the settled segment", async () => {
    const chain = chainLikeSource();
    render(<Wheel source={chain.source} />);
    fireEvent.click(screen.getByTestId("pick-gold"));
    fireEvent.click(screen.getByTestId("wheel-hub"));
    await act(async () => vi.advanceTimersByTime(500));

    await act(async () => {
      const id = useBetStore.getState().begin("wheel");
      useBetStore.getState().update(id, { stage: "settling", blocksWaited: LATE_AFTER_BLOCKS });
    });
    const rest = shownAngle();
    expect(Number(rotor().getAttribute("data-rotation"))).toBe(rest);
    await act(async () => vi.advanceTimersByTime(2_000));
    expect(shownAngle()).toBe(rest);

    await act(async () => chain.settle({ segment: 7, won: false, payout: 0 }));
    const landing = Number(rotor().getAttribute("data-rotation"));
    expect(landing).toBeGreaterThan(rest);
    expect(segmentAtPointer(landing)).toBe(7);
  });
});
