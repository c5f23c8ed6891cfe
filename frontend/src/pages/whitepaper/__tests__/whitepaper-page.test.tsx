import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoute } from "@/test/render-route";

afterEach(() => vi.restoreAllMocks());

const SECTION_TITLES = [
  "Executive Summary",
  "Fairness & Transparency",
  "Tokenomics & Economic Model",
  "Autonomous Jackpot System",
  "Player-Centric Economics",
  "DEGEN Game Suite",
  "Security & Sustainability",
  "Technical Architecture",
  "Future Roadmap",
  "Conclusion",
];

describe("Whitepaper", () => {
  it("has the ten sections in order, each with content", async () => {
    renderRoute("/whitepaper");
    const sections = await screen.findAllByTestId("whitepaper-section");
    expect(sections).toHaveLength(10);
    sections.forEach((section, index) => {
      const heading = within(section).getByRole("heading", { level: 2, name: SECTION_TITLES[index] });
      expect(section.textContent!.length - heading.textContent!.length).toBeGreaterThan(150);
    });
  });

  it("states the DESIGN.md tax and jackpot figures", async () => {
    renderRoute("/whitepaper");
    const tokenomics = (await screen.findAllByTestId("whitepaper-section"))[2];
    expect(tokenomics).toHaveTextContent("1,000,000,000 DEGEN");
    expect(tokenomics).toHaveTextContent("25%, 21%, 17%, 13%, 9% — one step every 5 minutes");
    expect(tokenomics).toHaveTextContent("40% development, 40% burn, 20% jackpot");
    const jackpot = screen.getAllByTestId("whitepaper-section")[3];
    expect(jackpot).toHaveTextContent("A hit wins the prize P = 5% of the pool; a bet of S DEGEN hits with chance S × 0.5% ÷ P");
    expect(jackpot).toHaveTextContent("expected jackpot win is 0.5% of its stake");
    expect(jackpot).toHaveTextContent("for 102.5% in all");
    expect(jackpot).toHaveTextContent("from the hash of the block that holds the bet");
  });

  it("prints when Download PDF is pressed", async () => {
    const print = vi.spyOn(window, "print").mockImplementation(() => undefined);
    const { user } = renderRoute("/whitepaper");
    await user.click(await screen.findByRole("button", { name: /Download PDF/ }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it("keeps the buttons out of the printed PDF", async () => {
    renderRoute("/whitepaper");
    const downloadButton = await screen.findByRole("button", { name: /Download PDF/ });
    expect(downloadButton.closest(".print\\:hidden")).not.toBeNull();
    expect(screen.getByTestId("app-header")).toHaveClass("print:hidden");
  });

  it("ends with the testnet-only warning", async () => {
    renderRoute("/whitepaper");
    const warning = await screen.findByTestId("testnet-warning");
    expect(warning).toHaveTextContent(/Testnet only/);
    expect(warning.compareDocumentPosition(screen.getAllByTestId("whitepaper-section")[9])).toBe(Node.DOCUMENT_POSITION_PRECEDING);
  });

  it("links Back to Lobby to /lobby", async () => {
    const { user, router } = renderRoute("/whitepaper");
    const back = await screen.findByRole("link", { name: /Back to Lobby/ });
    expect(back).toHaveAttribute("href", "/lobby");
    await user.click(back);
    expect(router.state.location.pathname).toBe("/lobby");
    expect(await screen.findByTestId("mode-badge")).toHaveTextContent("Demo Mode");
  });
});
