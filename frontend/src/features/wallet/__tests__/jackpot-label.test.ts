import { describe, expect, it } from "vitest";
import { useWalletStore } from "@/features/wallet";
import { formatJackpot, useJackpotLabel } from "@/features/wallet/use-jackpot-label";
import { renderHook } from "@testing-library/react";

describe("jackpot label", () => {
  it("writes a pool as the badges do", () => {
    expect(formatJackpot(1_200_000)).toBe("1.2M");
    expect(formatJackpot(1_254_999.99)).toBe("1.3M");
    expect(formatJackpot(2_000_000)).toBe("2M");
    expect(formatJackpot(60_000)).toBe("60K");
    expect(formatJackpot(950.7)).toBe("950");
    expect(formatJackpot(0)).toBe("0");
  });

  it("shows SPEC's 1.2M in demo mode and the pool read from the Casino in web3 mode", () => {
    const { result, rerender } = renderHook(() => useJackpotLabel());
    expect(result.current).toBe("1.2M");
    useWalletStore.setState({ mode: "web3", account: "0xabc", jackpotPool: "1141000.5" });
    rerender();
    expect(result.current).toBe("1.1M");
    useWalletStore.setState({ jackpotPool: "0" });
    rerender();
    expect(result.current).toBe("0");
  });
});
