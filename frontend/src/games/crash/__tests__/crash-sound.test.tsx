import { act, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useWalletStore } from "@/features/wallet";
import { CrashGame } from "../components/crash-game";
import { createDemoCrashSource } from "../round-source";
import { wordWhere } from "./fixtures";

const sound = vi.hoisted(() => ({ blocked: true, playNotes: vi.fn(), unlockAudio: vi.fn() }));
vi.mock("@/features/sound", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/features/sound")>()),
  useAudioBlocked: () => sound.blocked,
  playNotes: sound.playNotes,
  unlockAudio: sound.unlockAudio,
}));

describe("crash sound", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "requestAnimationFrame", "cancelAnimationFrame", "performance", "Date"] });
    sound.playNotes.mockClear();
    sound.unlockAudio.mockClear();
  });
  afterEach(() => vi.useRealTimers());

  it("offers 'Aktivera ljud' while audio is blocked and ticks every 200 ms in flight", async () => {
    const applyPayout = (token: "DEGEN" | "BNB", amount: number) => useWalletStore.getState().applyPayout(token, amount);
    const word = wordWhere((round) => round.crashTimeSec > 4);
    render(
      <MemoryRouter>
        <CrashGame source={createDemoCrashSource({ applyPayout, nextWord: () => word })} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Aktivera ljud" }));
    expect(sound.unlockAudio).toHaveBeenCalledOnce();

    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "START GAME" }));
    });
    await act(async () => {
      vi.advanceTimersByTime(16 + 2000);
    });
    // One tick at take-off and one per 200 ms after it.
    expect(sound.playNotes.mock.calls.length).toBeGreaterThanOrEqual(10);
    expect(sound.playNotes.mock.calls.length).toBeLessThanOrEqual(11);
  });
});
