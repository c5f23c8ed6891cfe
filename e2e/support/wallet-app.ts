/**
 * The app in web3 mode for browser tests: connect through the app's own button (the wallet layer
 * signs in with SIWE through the test wallet), open the wallet menu's dialogs, and read the chain
 * the way a player cannot, to the wei.
 */
import { JsonRpcProvider, ZeroAddress, type TransactionReceipt } from "ethers";
import type { Page } from "playwright-core";
import { Casino__factory } from "../../typechain-types/factories/contracts/Casino__factory";
import { CasinoSessions__factory } from "../../typechain-types/factories/contracts/CasinoSessions__factory";
import { DegenToken__factory } from "../../typechain-types/factories/contracts/DegenToken.sol/DegenToken__factory";
import type { AppContracts } from "../../frontend/src/features/chain/app-config-types";

export type { AppContracts } from "../../frontend/src/features/chain/app-config-types";

/** Connects with the app's Connect button and waits for web3 mode. */
export async function connectInApp(page: Page): Promise<void> {
  await page.getByTestId("connect-wallet").click();
  await page.getByTestId("wallet-connected").waitFor();
}

/**
 * Opens a game's page and connects there, as a player who follows a link to the game does: one
 * fresh page load instead of the lobby's and then the game's (about 1 CPU-s of chromium each,
 * CONTRIBUTING.md). That a session survives a reload is wallet-connect.e2e.test.ts's to show.
 */
export async function connectOnGame(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await connectInApp(page);
  // Its toast closed, as the game's own load used to leave none: a test counts the toasts its play raises.
  await toastWith(page, "Wallet Connected");
  await dismissToasts(page);
  await page.getByTestId("fairness-panel").waitFor();
}

/** Opens a wallet menu item ("Deposit", "Withdraw", "Swap Tokens", "Account") and waits for its dialog. */
export async function openWalletDialog(page: Page, item: string): Promise<void> {
  await page.getByTestId("wallet-menu-button").click();
  await page.getByRole("menuitem", { name: item, exact: true }).click();
  await page.getByRole("dialog", { name: item }).waitFor();
}

/**
 * The toast now showing, as "title\ndescription", once it contains `title`. Read in the page in
 * the same step that finds it: a toast lives TOAST_DURATION_MS (5 s), and a wait for it then a
 * second read could find it gone on a busy machine (ci103: the read waited 30 s for a toast seen).
 */
export async function toastWith(page: Page, title: string): Promise<string> {
  const text = await page.waitForFunction(
    (wanted) => {
      const toasts = [...document.querySelectorAll<HTMLElement>('[data-testid="toast"]')];
      return toasts.find((toast) => toast.innerText.includes(wanted))?.innerText ?? null;
    },
    title,
    { polling: 50 },
  );
  // Title and description are paragraphs: innerText puts a blank line between them.
  return ((await text.jsonValue()) as string).replace(/\n+/g, "\n").trim();
}

/** Closes every toast showing, so that the next one looked for is new. */
export async function dismissToasts(page: Page): Promise<void> {
  // Clicked in the page at once: a toast may expire between a locator's lookup and its click.
  await page.evaluate(() => {
    for (const button of document.querySelectorAll<HTMLButtonElement>('[data-testid="toast"] button[aria-label="Dismiss notification"]')) button.click();
  });
  await page.getByTestId("toast").first().waitFor({ state: "detached" });
}

/** Elements of the open dialog reaching past the viewport's edges (nothing may be cut off on a phone). */
export function dialogOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('[role="dialog"], [role="dialog"] *:not(svg *)')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.left < -1 || box.right > document.documentElement.clientWidth + 1;
      })
      .map((element) => `${element.tagName.toLowerCase()}.${(element.getAttribute("class") ?? "").slice(0, 60)}`),
  );
}

/** The chain as the tests read it: no cache, so each read is the chain's state now. */
export async function chainReader(rpcUrl: string, apiUrl: string) {
  const provider = new JsonRpcProvider(rpcUrl, undefined, { cacheTimeout: -1 });
  const config = (await (await fetch(`${apiUrl}/api/config`)).json()) as { contracts: AppContracts };
  const casino = Casino__factory.connect(config.contracts.Casino, provider);
  const degen = DegenToken__factory.connect(config.contracts.DegenToken, provider);
  const sessions = CasinoSessions__factory.connect(config.contracts.CasinoSessions, provider);
  const tokens = { DEGEN: config.contracts.DegenToken, BNB: ZeroAddress } as const;

  /** What each of `account`'s one-click lanes holds (Casino.laneOf funds), by lane number from 1, in wei. */
  async function lanes(account: string): Promise<{ DEGEN: bigint; BNB: bigint }[]> {
    const count = Number(await sessions.lanesOf(account));
    const views = await Promise.all(Array.from({ length: count }, (_, i) => casino.laneOf(account, i + 1)));
    return views.map(([, , , [degenFunds, bnbFunds]]) => ({ DEGEN: degenFunds, BNB: bnbFunds }));
  }

  /** Vault (Casino), one-click lanes (all of them, summed) and wallet balances of both tokens, in wei. */
  async function balances(account: string) {
    const [vaultDegen, vaultBnb, laneFunds, walletDegen, walletBnb] = await Promise.all([
      casino.getBalance(account, tokens.DEGEN),
      casino.getBalance(account, tokens.BNB),
      lanes(account),
      degen.balanceOf(account),
      provider.getBalance(account),
    ]);
    const sum = (token: "DEGEN" | "BNB") => laneFunds.reduce((total, lane) => total + lane[token], 0n);
    return {
      vault: { DEGEN: vaultDegen, BNB: vaultBnb },
      lanes: { DEGEN: sum("DEGEN"), BNB: sum("BNB") },
      wallet: { DEGEN: walletDegen, BNB: walletBnb },
    };
  }

  /** The receipts of `account`'s own transactions mined after `fromBlock`, with what their gas cost. */
  async function ownTransactions(account: string, fromBlock: number): Promise<{ receipts: TransactionReceipt[]; gasCost: bigint }> {
    const latest = await provider.getBlockNumber();
    const receipts: TransactionReceipt[] = [];
    for (let number = fromBlock + 1; number <= latest; number += 1) {
      const block = await provider.getBlock(number, true);
      for (const tx of block?.prefetchedTransactions ?? []) {
        if (tx.from.toLowerCase() !== account.toLowerCase()) continue;
        const receipt = await provider.getTransactionReceipt(tx.hash);
        if (receipt) receipts.push(receipt);
      }
    }
    return { receipts, gasCost: receipts.reduce((sum, receipt) => sum + receipt.gasUsed * receipt.gasPrice, 0n) };
  }

  return { provider, config, casino, sessions, degen, tokens, balances, lanes, ownTransactions };
}

/** What chainReader opens: the node's provider and the deployment's contracts. */
export type ChainReader = Awaited<ReturnType<typeof chainReader>>;
