import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ModeBadge, useWalletStore } from "@/features/wallet";

describe("ModeBadge", () => {
  it("says Demo Mode or Web3 Mode as the wallet is, and nothing while an earlier visit's wallet comes back", () => {
    useWalletStore.setState({ mode: "demo", restoring: true });
    const { rerender } = render(<ModeBadge data-testid="mode-badge" />);
    expect(screen.getByTestId("mode-badge")).toHaveTextContent(/^$/);
    useWalletStore.setState({ restoring: false });
    rerender(<ModeBadge data-testid="mode-badge" />);
    expect(screen.getByTestId("mode-badge")).toHaveTextContent(/^Demo Mode$/);
    useWalletStore.setState({ mode: "web3" });
    rerender(<ModeBadge data-testid="mode-badge" />);
    expect(screen.getByTestId("mode-badge")).toHaveTextContent(/^Web3 Mode$/);
    useWalletStore.setState({ mode: "demo" });
  });
});
