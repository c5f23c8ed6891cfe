import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import type { Token } from "@/config/tokens";
import { BetInput } from "../bet-input";

function ControlledBetInput({
  token,
  initial,
  balance,
  onChange,
  disabled,
  oneClickMinimum,
}: {
  token: Token;
  initial: number;
  balance: number;
  onChange?: (bet: number) => void;
  disabled?: boolean;
  oneClickMinimum?: number | null;
}) {
  const [bet, setBet] = useState(initial);
  return (
    <BetInput
      token={token}
      value={bet}
      playableBalance={balance}
      oneClickMinimum={oneClickMinimum}
      disabled={disabled}
      onChange={(next) => {
        setBet(next);
        onChange?.(next);
      }}
    />
  );
}

function setup(props: Parameters<typeof ControlledBetInput>[0]) {
  const onChange = vi.fn();
  const user = userEvent.setup();
  render(<ControlledBetInput {...props} onChange={onChange} />);
  return { user, onChange, input: screen.getByTestId("bet-input") as HTMLInputElement };
}

describe("BetInput", () => {
  it("rounds a typed DEGEN bet to 2 decimals", async () => {
    const { user, onChange, input } = setup({ token: "DEGEN", initial: 10, balance: 10000 });
    await user.clear(input);
    await user.type(input, "12.3456");
    expect(onChange).toHaveBeenLastCalledWith(12.35);
    await user.tab();
    expect(input).toHaveValue("12.35");
  });

  it("rounds a typed BNB bet to 4 decimals", async () => {
    const { user, onChange, input } = setup({ token: "BNB", initial: 0.01, balance: 5 });
    await user.clear(input);
    await user.type(input, "0.123456");
    expect(onChange).toHaveBeenLastCalledWith(0.1235);
  });

  it.each([
    ["0", "DEGEN"],
    ["-5", "DEGEN"],
    ["abc", "DEGEN"],
    ["0.004", "DEGEN"],
    ["0.00004", "BNB"],
  ] as const)("rejects %s for %s and restores the last bet on blur", async (typed, token) => {
    const initial = token === "DEGEN" ? 10 : 0.01;
    const { user, onChange, input } = setup({ token, initial, balance: 100 });
    await user.clear(input);
    await user.type(input, typed);
    expect(onChange).not.toHaveBeenCalled();
    expect(input).toHaveAttribute("aria-invalid", "true");
    await user.tab();
    expect(input).toHaveValue(String(initial));
    expect(input).not.toHaveAttribute("aria-invalid");
  });

  it("halves with the token's rounding", async () => {
    const { user, onChange } = setup({ token: "DEGEN", initial: 5.25, balance: 10000 });
    await user.click(screen.getByRole("button", { name: "Half" }));
    expect(onChange).toHaveBeenLastCalledWith(2.63);
  });

  it("never halves below the minimum and is disabled at it", async () => {
    const { user, onChange, input } = setup({ token: "DEGEN", initial: 1.5, balance: 10000 });
    const half = screen.getByRole("button", { name: "Half" });
    await user.click(half);
    expect(onChange).toHaveBeenLastCalledWith(1);
    expect(input).toHaveValue("1");
    expect(half).toBeDisabled();
  });

  it("keeps BNB halving at the 0.001 minimum", async () => {
    const { user, onChange } = setup({ token: "BNB", initial: 0.0015, balance: 5 });
    const half = screen.getByRole("button", { name: "Half" });
    await user.click(half);
    expect(onChange).toHaveBeenLastCalledWith(0.001);
    expect(half).toBeDisabled();
  });

  it("sets Max to the whole playable balance", async () => {
    const { user, onChange, input } = setup({ token: "BNB", initial: 0.01, balance: 4.9999 });
    await user.click(screen.getByRole("button", { name: "Max" }));
    expect(onChange).toHaveBeenLastCalledWith(4.9999);
    expect(input).toHaveValue("4.9999");
  });

  it("disables Max with an empty balance", () => {
    setup({ token: "DEGEN", initial: 10, balance: 0 });
    expect(screen.getByRole("button", { name: "Max" })).toBeDisabled();
  });

  it.each([
    ["DEGEN", ["1", "3", "5", "10", "25", "50", "100"]],
    ["BNB", ["0.001", "0.005", "0.01", "0.05", "0.1"]],
  ] as const)("offers the %s chips", async (token, chips) => {
    const { user, onChange } = setup({ token, initial: token === "DEGEN" ? 10 : 0.01, balance: 10000 });
    const group = screen.getByRole("group", { name: `${token} chips` });
    const buttons = Array.from(group.querySelectorAll("button"));
    expect(buttons.map((button) => button.textContent)).toEqual(chips);
    await user.click(buttons[1]);
    expect(onChange).toHaveBeenLastCalledWith(Number(chips[1]));
    expect(buttons[1]).toHaveAttribute("aria-pressed", "true");
  });

  it("locks every control when disabled", () => {
    setup({ token: "DEGEN", initial: 10, balance: 10000, disabled: true });
    for (const button of screen.getAllByRole("button")) expect(button).toBeDisabled();
    expect(screen.getByTestId("bet-input")).toBeDisabled();
  });

  it("shows the playable balance with the token's decimals", () => {
    setup({ token: "BNB", initial: 0.01, balance: 5 });
    expect(screen.getByTestId("bet-input-balance")).toHaveTextContent("5.0000 BNB");
  });

  it("shows the one-click minimum beside the bet minimum, and says a smaller stake asks the wallet (issue #39 item 7)", async () => {
    const { user, input } = setup({ token: "DEGEN", initial: 10, balance: 10000, oneClickMinimum: 6 });
    const hint = screen.getByTestId("bet-input-hint");
    expect(hint).toHaveTextContent("Minimum 1 DEGEN · One-click minimum: 6 DEGEN");
    await user.click(screen.getByRole("button", { name: "Bet 5 DEGEN" }));
    expect(hint).toHaveTextContent("Below the one-click minimum of 6 DEGEN: this bet asks your wallet.");
    expect(hint).toHaveClass("text-pink");
    await user.clear(input);
    await user.type(input, "6");
    expect(hint).toHaveTextContent("Minimum 1 DEGEN · One-click minimum: 6 DEGEN");
    expect(hint).not.toHaveClass("text-pink");
  });

  it("shows only the bet minimum without a one-click minimum", () => {
    setup({ token: "BNB", initial: 0.01, balance: 5, oneClickMinimum: null });
    expect(screen.getByTestId("bet-input-hint")).toHaveTextContent(/^Minimum 0.001 BNB$/);
  });
});
