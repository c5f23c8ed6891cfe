// Phone and accessibility (issue #22 item 5): axe-core on every page and every dialog, with no
// serious or critical violation; Tab reaches every control and each is visibly focused; nothing
// reaches past a 390 px phone's edge; the game hotkeys stay off while the player types.
import { describe, expect, inject, it } from "vitest";
import { openPage, VIEWPORTS } from "./support/browser";
import { seriousViolations, tabWalk } from "./support/axe";
import { gotoDrawn, overflowing, useBrowser } from "./support/page";
import { TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";
import { openWalletDialog } from "./support/wallet-app";

const [PLAYER, SECOND_WALLET] = WALLET_ACCOUNTS_BY_FILE["accessibility.e2e.test.ts"];
const appUrl = inject("appUrl");
const rpcUrl = inject("rpcUrl");
const browser = useBrowser();

const PAGES = [
  "/",
  "/roulette",
  "/blackjack",
  "/slots",
  "/kickboxing",
  "/crash",
  "/dice",
  "/plinko",
  "/mines",
  "/whitepaper",
  "/fairness",
  "/leaderboard",
  "/player/0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  "/missing",
];

describe("accessibility", () => {
  it("the check finds what it looks for: an image with no text alternative is a critical violation", async () => {
    const page = await openPage(browser());
    await page.goto(appUrl + "/missing");
    await page.evaluate(() => document.querySelector("main, body")!.append(Object.assign(document.createElement("img"), { src: "/favicon.svg" })));
    expect(await seriousViolations(page)).toEqual([expect.stringMatching(/^image-alt /)]);
    await page.context().close();
  });

  it("the Tab walk finds a control Tab cannot reach, and leaves out one a live list adds while it walks", async () => {
    const page = await openPage(browser());
    await gotoDrawn(page, appUrl + "/missing");
    await page.evaluate(() => {
      const main = document.querySelector("main")!;
      const unreachable = Object.assign(document.createElement("div"), { inert: true });
      unreachable.append(Object.assign(document.createElement("button"), { textContent: "Behind inert" }));
      main.append(unreachable);
      // A row arriving above the focus, as the lobby's feed of settled bets does mid-walk.
      document.addEventListener("focusin", () => document.body.prepend(Object.assign(document.createElement("button"), { textContent: "Arrived late" })), {
        once: true,
      });
    });
    const walk = await tabWalk(page);
    expect(walk.unreached).toEqual(['button "Behind inert"']);
    await page.context().close();
  });

  // One page load for every check of a page, the phone's width first: the app lays out by the
  // width in CSS alone (media queries; the profit chart follows its box), so the page resized to the
  // desktop's width is laid out as one loaded there. axe reads the page as drawn, the Tab walk then
  // moves the focus. A load is most of a check's CPU (1.2 of 1.7 CPU-s); one load less per page.
  it.each(PAGES)(
    "%s fits a 390 px phone; at desktop width it has no serious or critical axe violation, and Tab reaches every control, each visibly focused",
    async (path) => {
      const page = await openPage(browser(), "phone");
      await gotoDrawn(page, appUrl + path);
      expect(await overflowing(page)).toEqual([]);
      await page.setViewportSize(VIEWPORTS.desktop);
      expect(await seriousViolations(page)).toEqual([]);
      const walk = await tabWalk(page);
      expect(walk.reached).toBeGreaterThan(3);
      expect({ notVisiblyFocused: walk.notVisiblyFocused, unreached: walk.unreached }).toEqual({ notVisiblyFocused: [], unreached: [] });
      await page.context().close();
    },
  );

  // One test per viewport: together they took 37-66 s on a loaded machine, past 120 s on a starved one.
  it.each(["desktop", "phone"] as const)(
    "every wallet dialog, and the connect dialog, passes axe, keeps Tab inside with visible focus, and fits a phone (%s)",
    async (viewport) => {
      const page = await openPage(browser(), viewport);
      await TestWallet.install(page, { account: PLAYER, rpcUrl });
      await TestWallet.install(page, { account: SECOND_WALLET, rpcUrl, announceAs: { name: "Rabby Wallet", rdns: "io.rabby" } });
      await page.goto(appUrl + "/roulette");
      await page.getByTestId("connect-wallet").click();
      const chooser = page.getByRole("dialog", { name: "Connect a wallet" });
      await chooser.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      expect(await overflowing(page)).toEqual([]);
      await chooser.getByRole("button", { name: "MetaMask" }).click();
      await page.getByTestId("wallet-connected").waitFor();
      for (const item of ["Deposit", "Withdraw", "Swap Tokens", "Account", "One-click play"]) {
        await openWalletDialog(page, item);
        await page.waitForLoadState("networkidle");
        expect({ item, violations: await seriousViolations(page) }).toEqual({ item, violations: [] });
        expect({ item, overflowing: await overflowing(page) }).toEqual({ item, overflowing: [] });
        const walk = await tabWalk(page);
        expect({ item, notVisiblyFocused: walk.notVisiblyFocused }).toEqual({ item, notVisiblyFocused: [] });
        // The dialog holds the keyboard: whatever Tab reached is inside it.
        expect(await page.evaluate(() => [...document.querySelectorAll("[data-tabbed]")].every((element) => element.closest('[role="dialog"]')))).toBe(true);
        await page.keyboard.press("Escape");
        await page.getByRole("dialog").waitFor({ state: "detached" });
      }
      await page.context().close();
    },
  );

  it("the hotkeys stay off while the player types in a field, and work again outside it", async () => {
    const page = await openPage(browser());
    await page.goto(appUrl + "/roulette");
    const bet = page.getByTestId("bet-input");
    await bet.fill("10");
    await bet.press("d");
    await bet.press("h");
    await bet.press("Space");
    expect(await bet.inputValue()).not.toBe("20");
    await bet.fill("10");
    await bet.blur();
    await page.locator("body").press("d");
    await expect.poll(() => bet.inputValue()).toBe("20");
    await page.locator("body").press("h");
    await expect.poll(() => bet.inputValue()).toBe("10");
    await page.context().close();
  });
});
