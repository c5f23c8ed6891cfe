import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import type { Token } from "@/config/tokens";
import { TokenSwitch } from "../token-switch";

function Harness({ disabled = false }: { disabled?: boolean }) {
  const [token, setToken] = useState<Token>("DEGEN");
  return <TokenSwitch value={token} onChange={setToken} badges={{ DEGEN: "10.2x", BNB: "9.8x" }} disabled={disabled} />;
}

describe("TokenSwitch", () => {
  it("shows each token with its multiplier badge and switches on click", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const degen = screen.getByRole("radio", { name: /DEGEN/ });
    const bnb = screen.getByRole("radio", { name: /BNB/ });
    expect(degen).toHaveTextContent("10.2x");
    expect(bnb).toHaveTextContent("9.8x");
    expect(degen).toBeChecked();
    await user.click(bnb);
    expect(bnb).toBeChecked();
    expect(degen).not.toBeChecked();
  });

  it("moves the selection and focus with the arrow keys", async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole("radio", { name: /DEGEN/ }));
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("radio", { name: /BNB/ })).toBeChecked();
    expect(screen.getByRole("radio", { name: /BNB/ })).toHaveFocus();
  });

  it("cannot be changed while disabled", async () => {
    const user = userEvent.setup();
    render(<Harness disabled />);
    await user.click(screen.getByRole("radio", { name: /BNB/ }));
    expect(screen.getByRole("radio", { name: /DEGEN/ })).toBeChecked();
  });
});
