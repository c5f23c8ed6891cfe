import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { parseEther } from "ethers";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GameType } from "@engine/gameTypes";
import { useWalletStore } from "@/features/wallet/wallet-store";
import LiveBetsPanel from "../components/live-bets-panel";
import type { LiveBet } from "../live-bet";
import { useLiveBetsStore, withBet } from "../live-bets-store";

const ME = "0x1234567890AbcdEF1234567890aBcdef12345678";
const OTHER = "0xAbCdEf0000000000000000000000000000009999";

function bet(seq: number, fields: Partial<LiveBet>): LiveBet {
  return {
    seq,
    betId: String(1000 + seq),
    gameType: GameType.WHEEL,
    game: "WHEEL",
    player: OTHER,
    username: null,
    token: "DEGEN",
    stake: parseEther("10").toString(),
    payout: "0",
    jackpotWin: "0",
    settledBlock: 100 + seq,
    settleTxHash: "0x" + "ab".repeat(32),
    ...fields,
  };
}

// Newest first, as the stream keeps them: exactly 10x is a big win, just under it is not.
const BETS = [
  bet(4, { player: ME.toLowerCase(), username: null, stake: parseEther("1").toString(), payout: parseEther("1.02").toString() }),
  bet(3, { username: "whale_77", payout: parseEther("100").toString() }),
  bet(2, { token: "BNB", stake: parseEther("0.01").toString(), payout: (parseEther("0.1") - 1n).toString() }),
  bet(1, { player: ME, payout: "0", gameType: GameType.SLOTS }),
];

const rows = () => screen.queryAllByTestId("live-bet").map((row) => row.getAttribute("data-bet-id"));

beforeEach(() => {
  useLiveBetsStore.setState({ bets: BETS, status: "live", settlementUrl: (hash) => `https://testnet.bscscan.com/tx/${hash}` });
  useWalletStore.setState({ mode: "web3", account: ME, chainId: 31337 });
});
afterEach(() => useWalletStore.setState({ mode: "demo", account: null, chainId: null }));

function renderPanel() {
  render(
    <MemoryRouter>
      <LiveBetsPanel />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe("live bets tabs", () => {
  it("All bets: every bet, newest first, with its game, player, exact amounts, multiplier and verification link", () => {
    renderPanel();
    expect(rows()).toEqual(["1004", "1003", "1002", "1001"]);
    const whale = within(screen.getAllByTestId("live-bet")[1]!);
    expect(whale.getByText("Wheel of Fortune")).toBeTruthy();
    expect(whale.getByTestId("live-bet-player").textContent).toBe("whale_77");
    expect(whale.getByTestId("live-bet-stake").textContent).toBe("10.00 DEGEN");
    expect(whale.getByTestId("live-bet-payout").textContent).toBe("100.00 DEGEN");
    expect(whale.getByTestId("live-bet-payout").getAttribute("data-wei")).toBe(parseEther("100").toString());
    expect(whale.getByTestId("live-bet-multiplier").textContent).toBe("10.00x");
    expect(whale.getByTestId("live-bet-verify").getAttribute("href")).toBe("/bet/1003?block=103");
    expect(whale.getByTestId("live-bet-settlement").getAttribute("href")).toBe(`https://testnet.bscscan.com/tx/0x${"ab".repeat(32)}`);
    const bnb = within(screen.getAllByTestId("live-bet")[2]!);
    expect(bnb.getByTestId("live-bet-player").textContent).toBe("0xAbCd…9999");
    expect(bnb.getByTestId("live-bet-payout").textContent).toBe("0.0999 BNB");
    expect(bnb.getByTestId("live-bet-multiplier").textContent).toBe("9.99x");
    expect(within(screen.getAllByTestId("live-bet")[3]!).getByText("Slots")).toBeTruthy();
  });

  it("Big wins: only bets paying 10x their stake or more", async () => {
    const user = renderPanel();
    await user.click(screen.getByTestId("live-bets-tab-big"));
    expect(screen.getByTestId("live-bets-tab-big").getAttribute("aria-selected")).toBe("true");
    expect(rows()).toEqual(["1003"]);
  });

  it("My bets: the connected wallet's bets whatever the address's case; none, with a prompt, in demo mode", async () => {
    const user = renderPanel();
    await user.click(screen.getByTestId("live-bets-tab-mine"));
    expect(rows()).toEqual(["1004", "1001"]);
    await user.click(screen.getByTestId("live-bets-tab-all"));
    expect(rows()).toHaveLength(4);

    useWalletStore.setState({ mode: "demo", account: null });
    await user.click(screen.getByTestId("live-bets-tab-mine"));
    expect(rows()).toEqual([]);
    expect(screen.getByTestId("live-bets-empty").textContent).toBe("Connect a wallet to see your on-chain bets here.");
  });

  it("a bet streamed twice (a reconnect's snapshot, then the same bet) is listed once, in settlement order", () => {
    const next = bet(5, {});
    expect(withBet(withBet(BETS, next), next).map((b) => b.seq)).toEqual([5, 4, 3, 2, 1]);
    expect(withBet(BETS, bet(0, {})).map((b) => b.seq)).toEqual([4, 3, 2, 1, 0]);
  });
});
