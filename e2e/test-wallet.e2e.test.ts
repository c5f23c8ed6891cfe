import path from "node:path";
import { getBytes, hexlify, Interface, JsonRpcProvider, parseEther, toQuantity, toUtf8Bytes, verifyMessage, verifyTypedData, Wallet } from "ethers";
import type { Page } from "playwright-core";
import { build } from "vite";
import { afterAll, describe, expect, inject, it } from "vitest";
import { openPage } from "./support/browser";
import { startFakeNode } from "./support/fake-node";
import { useBrowser } from "./support/page";
import { assertNoWallet, devAccount, TestWallet, WALLET_ACCOUNTS_BY_FILE } from "./support/test-wallet";

const [ACCOUNT, SECOND_ACCOUNT] = WALLET_ACCOUNTS_BY_FILE["test-wallet.e2e.test.ts"];
const LOCAL_CHAIN_HEX = "0x7a69";
/** A second chain, served by startFakeNode. */
const SECOND_CHAIN = { id: 1337, hex: "0x539", blockNumber: 42 };

type PageAnswer = { result: unknown } | { error: { code: number; message: string; data?: unknown } };

declare global {
  interface Window {
    walletEvents?: { event: string; payload: unknown }[];
  }
}

/** Calls window.ethereum.request in the page: its result, or the fields of the error it throws. */
function requestInPage(page: Page, method: string, params?: unknown): Promise<PageAnswer> {
  return page.evaluate(
    async ({ method, params }) => {
      try {
        return { result: await window.ethereum!.request({ method, params }) };
      } catch (error) {
        const { code, message, data } = error as { code: number; message: string; data?: unknown };
        return { error: { code, message, data } };
      }
    },
    { method, params },
  );
}

async function resultInPage(page: Page, method: string, params?: unknown): Promise<unknown> {
  const answer = await requestInPage(page, method, params);
  if ("error" in answer) throw new Error(`${method} failed in the page: ${answer.error.code} ${answer.error.message}`);
  return answer.result;
}

/** Records the given provider events in the page, in the order listeners receive them. */
function recordEvents(page: Page, events: string[]): Promise<void> {
  return page.evaluate((events) => {
    const recorded: { event: string; payload: unknown }[] = [];
    window.walletEvents = recorded;
    for (const event of events) window.ethereum!.on(event, (payload) => recorded.push({ event, payload }));
  }, events);
}

const recordedEvents = (page: Page) => page.evaluate(() => window.walletEvents);

/** Creation code that reverts with `data` (CODECOPY of its own tail, then REVERT): an eth_call revert that needs no contract. */
function revertingInitCode(data: string): string {
  const length = getBytes(data).length.toString(16).padStart(2, "0");
  // PUSH1 length, PUSH1 12 (where data starts), PUSH1 0, CODECOPY; PUSH1 length, PUSH1 0, REVERT.
  return `0x60${length}600c600039` + `60${length}6000fd` + data.slice(2);
}

/** web3-react's MetaMask connector as a page script (e2e/support/metamask-connector.page.ts). */
async function bundleMetaMaskConnector(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: "warn",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      write: false,
      minify: false,
      lib: { entry: path.join(__dirname, "support/metamask-connector.page.ts"), formats: ["iife"], name: "metaMaskConnectorPage" },
    },
  });
  if (!Array.isArray(output) || !output[0]) throw new Error("vite build returned no bundle");
  return output[0].output[0].code;
}

const SECOND_CHAIN_PARAMS = (rpcUrl: string) => ({
  chainId: SECOND_CHAIN.hex,
  chainName: "Second test chain",
  rpcUrls: [rpcUrl],
  nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 as const },
});

describe("test wallet (injected EIP-1193 provider driven from Node)", () => {
  const appUrl = inject("appUrl");
  const rpcUrl = inject("rpcUrl");
  const browser = useBrowser();
  // No cache: ethers would answer a balance read again within 250 ms from the first read.
  const node = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true, cacheTimeout: -1 });
  afterAll(() => node.destroy());

  async function openWalletPage(): Promise<{ page: Page; wallet: TestWallet }> {
    const page = await openPage(browser());
    const wallet = await TestWallet.install(page, { account: ACCOUNT, rpcUrl });
    await page.goto(appUrl + "/");
    return { page, wallet };
  }

  async function openConnectedPage(): Promise<{ page: Page; wallet: TestWallet }> {
    const opened = await openWalletPage();
    await resultInPage(opened.page, "eth_requestAccounts");
    return opened;
  }

  it("a page has no window.ethereum until the wallet is installed; then it is MetaMask, also through EIP-6963", async () => {
    const page = await openPage(browser());
    await page.goto(appUrl + "/");
    await assertNoWallet(page);

    await TestWallet.install(page, { account: ACCOUNT, rpcUrl });
    await page.reload();
    await expect(assertNoWallet(page)).rejects.toThrow("window.ethereum exists");
    expect(await page.evaluate(() => window.ethereum?.isMetaMask)).toBe(true);
    const announced = await page.evaluate(
      () =>
        new Promise((resolve) => {
          window.addEventListener(
            "eip6963:announceProvider",
            (event) => {
              const { info, provider } = (event as CustomEvent).detail;
              resolve({ name: info.name, rdns: info.rdns, isWindowEthereum: provider === window.ethereum });
            },
            { once: true },
          );
          window.dispatchEvent(new Event("eip6963:requestProvider"));
        }),
    );
    expect(announced).toEqual({ name: "MetaMask", rdns: "io.metamask", isWindowEthereum: true });
    await page.context().close();
  });

  it("eth_requestAccounts connects the chosen dev account; eth_chainId and net_version name the node's chain", async () => {
    const { page, wallet } = await openWalletPage();
    const address = devAccount(ACCOUNT).address;
    expect(wallet.address).toBe(address);
    expect(await resultInPage(page, "eth_accounts")).toEqual([]);
    expect(await resultInPage(page, "eth_requestAccounts")).toEqual([address.toLowerCase()]);
    expect(await resultInPage(page, "eth_accounts")).toEqual([address.toLowerCase()]);
    expect(await resultInPage(page, "eth_chainId")).toBe(LOCAL_CHAIN_HEX);
    expect(await resultInPage(page, "net_version")).toBe("31337");
    expect(wallet.requests.map((request) => request.method)).toEqual(["eth_accounts", "eth_requestAccounts", "eth_accounts", "eth_chainId", "net_version"]);
    await page.context().close();
  });

  it("personal_sign signs a hex payload as the bytes it encodes and plain text as text", async () => {
    const { page, wallet } = await openConnectedPage();
    const account = wallet.address.toLowerCase();
    const text = "Sign in to DEGEN Casino\nNonce: 8c1f";
    const fromHex = await resultInPage(page, "personal_sign", [hexlify(toUtf8Bytes(text)), account]);
    expect(verifyMessage(text, fromHex as string)).toBe(wallet.address);
    const fromText = await resultInPage(page, "personal_sign", ["plain text", account]);
    expect(verifyMessage("plain text", fromText as string)).toBe(wallet.address);
    // Forwarded, eth_sign would be signed by the Hardhat node's own unlocked key.
    expect(await requestInPage(page, "eth_sign", [account, "0x68690a"])).toMatchObject({ error: { code: 4200 } });
    await page.context().close();
  });

  it("eth_signTypedData_v4 signs EIP-712 data that ethers.verifyTypedData recovers", async () => {
    const { page, wallet } = await openConnectedPage();
    const domain = { name: "DEGEN Casino", version: "1", chainId: 31337, verifyingContract: "0x5FbDB2315678afecb367f032d93F642f64180aa3" };
    const types = {
      Bet: [
        { name: "player", type: "address" },
        { name: "amount", type: "uint256" },
        { name: "game", type: "Game" },
      ],
      Game: [{ name: "name", type: "string" }],
    };
    const message = { player: wallet.address, amount: "1000", game: { name: "Roulette" } };
    const typedData = {
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
        ...types,
      },
      domain,
      primaryType: "Bet",
      message,
    };
    const signature = await resultInPage(page, "eth_signTypedData_v4", [wallet.address.toLowerCase(), JSON.stringify(typedData)]);
    expect(verifyTypedData(domain, types, message, signature as string)).toBe(wallet.address);
    await page.context().close();
  });

  it("eth_sendTransaction of 0.01 ETH is mined and the recipient's balance grows by exactly that", async () => {
    const { page, wallet } = await openConnectedPage();
    const recipient = Wallet.createRandom().address;
    const amount = parseEther("0.01");
    expect(await node.getBalance(recipient)).toBe(0n);
    const hash = await resultInPage(page, "eth_sendTransaction", [{ from: wallet.address.toLowerCase(), to: recipient, value: toQuantity(amount) }]);
    const receipt = await node.waitForTransaction(hash as string);
    expect(receipt?.status).toBe(1);
    expect(receipt?.from).toBe(wallet.address);
    expect(await node.getBalance(recipient)).toBe(amount);
    await page.context().close();
  });

  it("a rejected request reaches the page as an Error with code 4001; only the next request of that method is rejected", async () => {
    const { page, wallet } = await openConnectedPage();
    wallet.rejectNextRequest("personal_sign");
    expect(await resultInPage(page, "eth_chainId")).toBe(LOCAL_CHAIN_HEX);
    const rejection = await page.evaluate(
      (account) =>
        window.ethereum!.request({ method: "personal_sign", params: ["0x68690a", account] }).then(
          () => "signed",
          (error: { code: number; message: string }) => ({ isError: error instanceof Error, code: error.code, message: error.message }),
        ),
      wallet.address.toLowerCase(),
    );
    expect(rejection).toEqual({ isError: true, code: 4001, message: "User rejected the request." });
    const signature = await resultInPage(page, "personal_sign", ["0x68690a", wallet.address.toLowerCase()]);
    expect(verifyMessage("hi\n", signature as string)).toBe(wallet.address);
    await page.context().close();
  });

  it("switching to an unknown chain gives 4902; once added, switching emits chainChanged and routes RPC to that chain's node", async () => {
    const { page, wallet } = await openConnectedPage();
    const secondNode = await startFakeNode(SECOND_CHAIN.id, SECOND_CHAIN.blockNumber);
    await recordEvents(page, ["chainChanged"]);

    const unknown = await requestInPage(page, "wallet_switchEthereumChain", [{ chainId: SECOND_CHAIN.hex }]);
    expect(unknown).toMatchObject({ error: { code: 4902 } });
    expect(await resultInPage(page, "wallet_addEthereumChain", [SECOND_CHAIN_PARAMS(secondNode.url)])).toBeNull();
    expect(wallet.knownChains.get(SECOND_CHAIN.id)).toBe(secondNode.url);
    expect(wallet.chainId).toBe(31337);

    expect(await resultInPage(page, "wallet_switchEthereumChain", [{ chainId: SECOND_CHAIN.hex }])).toBeNull();
    expect(await recordedEvents(page)).toEqual([{ event: "chainChanged", payload: SECOND_CHAIN.hex }]);
    expect(await resultInPage(page, "eth_chainId")).toBe(SECOND_CHAIN.hex);
    expect(await resultInPage(page, "eth_blockNumber")).toBe(toQuantity(SECOND_CHAIN.blockNumber));

    expect(await resultInPage(page, "wallet_switchEthereumChain", [{ chainId: LOCAL_CHAIN_HEX }])).toBeNull();
    expect(wallet.requests).toContainEqual({ method: "wallet_switchEthereumChain", params: [{ chainId: LOCAL_CHAIN_HEX }] });
    expect(await resultInPage(page, "eth_blockNumber")).toBe(toQuantity(await node.getBlockNumber()));
    await secondNode.close();
    await page.context().close();
  });

  it("a reverting eth_call reaches the page with the node's error and its revert data intact", async () => {
    const { page } = await openWalletPage();
    const errors = new Interface(["error InsufficientBalance(uint256 available, uint256 needed)"]);
    const revertData = errors.encodeErrorResult("InsufficientBalance", [1n, 2n]);
    const params = [{ data: revertingInitCode(revertData) }, "latest"];

    const inPage = await requestInPage(page, "eth_call", params);
    const response = await fetch(rpcUrl, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_call", params }),
    });
    const fromNode = ((await response.json()) as { error: unknown }).error;
    expect(inPage).toEqual({ error: fromNode });
    // Hardhat nests the revert data as error.data.data.
    const { data } = (inPage as { error: { data: { data: string } } }).error.data;
    expect(errors.parseError(data)?.args.toArray()).toEqual([1n, 2n]);
    await page.context().close();
  });

  it("wallet_revokePermissions forgets the connection until the page asks again", async () => {
    const { page, wallet } = await openConnectedPage();
    const account = wallet.address.toLowerCase();
    await recordEvents(page, ["accountsChanged"]);
    expect(await resultInPage(page, "wallet_getPermissions")).toMatchObject([{ parentCapability: "eth_accounts" }]);

    expect(await resultInPage(page, "wallet_revokePermissions", [{ eth_accounts: {} }])).toBeNull();
    expect(wallet.connected).toBe(false);
    expect(await resultInPage(page, "eth_accounts")).toEqual([]);
    expect(await resultInPage(page, "wallet_getPermissions")).toEqual([]);
    expect(await requestInPage(page, "personal_sign", ["0x68690a", account])).toMatchObject({ error: { code: 4100 } });

    expect(await resultInPage(page, "wallet_requestPermissions", [{ eth_accounts: {} }])).toMatchObject([
      { parentCapability: "eth_accounts", caveats: [{ value: [account] }] },
    ]);
    expect(await resultInPage(page, "eth_accounts")).toEqual([account]);
    expect(await recordedEvents(page)).toEqual([
      { event: "accountsChanged", payload: [] },
      { event: "accountsChanged", payload: [account] },
    ]);
    await page.context().close();
  });

  it("the test's account and chain changes reach listeners in the page", async () => {
    const { page, wallet } = await openConnectedPage();
    const second = devAccount(SECOND_ACCOUNT).address;
    const secondNode = await startFakeNode(SECOND_CHAIN.id, SECOND_CHAIN.blockNumber);
    await resultInPage(page, "wallet_addEthereumChain", [SECOND_CHAIN_PARAMS(secondNode.url)]);
    await recordEvents(page, ["accountsChanged", "chainChanged"]);

    await wallet.setAccount(SECOND_ACCOUNT);
    await wallet.switchChain(SECOND_CHAIN.id);
    await expect(wallet.switchChain(56)).rejects.toThrow("knows no chain 56");
    // Raw events: the page hears them, the wallet stays as it was.
    await wallet.emitAccountsChanged([]);
    await wallet.emitChainChanged(56);

    expect(await recordedEvents(page)).toEqual([
      { event: "accountsChanged", payload: [second.toLowerCase()] },
      { event: "chainChanged", payload: SECOND_CHAIN.hex },
      { event: "accountsChanged", payload: [] },
      { event: "chainChanged", payload: "0x38" },
    ]);
    expect(await resultInPage(page, "eth_accounts")).toEqual([second.toLowerCase()]);
    expect(await resultInPage(page, "eth_chainId")).toBe(SECOND_CHAIN.hex);
    const signature = await resultInPage(page, "personal_sign", ["0x68690a", second.toLowerCase()]);
    expect(verifyMessage("hi\n", signature as string)).toBe(second);
    await secondNode.close();
    await page.context().close();
  });

  it("the app's Connect button waits while the wallet holds the request, then shows the shortened address", async () => {
    const { page, wallet } = await openWalletPage();
    const held = wallet.holdNextRequest("eth_requestAccounts");
    const connect = page.getByTestId("connect-wallet");
    await connect.click();
    await held.arrived;
    expect(await connect.innerText()).toContain("Connecting");
    expect(await connect.isDisabled()).toBe(true);

    held.approve();
    const address = wallet.address;
    const shortened = new RegExp(`^${address.slice(0, 6)}…${address.slice(-4)}$`, "i");
    await page.getByTestId("wallet-connected").getByText(shortened).waitFor();
    // Accounts, then the sign-in signature (docs/product.md §4); the wallet is on the server's chain already.
    const methods = wallet.requests.map((request) => request.method);
    expect(methods.slice(0, 3)).toEqual(["eth_requestAccounts", "eth_chainId", "personal_sign"]);
    expect(methods).not.toContain("wallet_switchEthereumChain");
    await page.context().close();
  });

  it("web3-react's MetaMask connector activates through 4902 and wallet_addEthereumChain, reconnects eagerly and follows the wallet", async () => {
    const connectorScript = await bundleMetaMaskConnector();
    const { page, wallet } = await openWalletPage();
    const secondNode = await startFakeNode(SECOND_CHAIN.id, SECOND_CHAIN.blockNumber);
    await page.addScriptTag({ content: connectorScript });

    const activated = await page.evaluate(
      async (chainParameters) => {
        const probe = window.metaMaskConnector!;
        await probe.connector.activate(chainParameters);
        return probe.state();
      },
      { ...SECOND_CHAIN_PARAMS(secondNode.url), chainId: SECOND_CHAIN.id },
    );
    expect(activated).toEqual({ chainId: SECOND_CHAIN.id, accounts: [wallet.address], activating: false });
    expect(wallet.requests.map((request) => request.method)).toEqual([
      "eth_requestAccounts",
      "eth_chainId",
      "wallet_switchEthereumChain", // 4902
      "wallet_addEthereumChain",
      "eth_requestAccounts",
      "eth_chainId",
      "wallet_switchEthereumChain",
      "eth_requestAccounts",
      "eth_chainId",
    ]);

    await page.reload();
    await page.addScriptTag({ content: connectorScript });
    const eager = await page.evaluate(async () => {
      const probe = window.metaMaskConnector!;
      await probe.connector.connectEagerly();
      return probe.state();
    });
    expect(eager).toEqual({ chainId: SECOND_CHAIN.id, accounts: [wallet.address], activating: false });

    await wallet.setAccount(SECOND_ACCOUNT);
    expect(await page.evaluate(() => window.metaMaskConnector!.state().accounts)).toEqual([devAccount(SECOND_ACCOUNT).address]);
    await resultInPage(page, "wallet_revokePermissions", [{ eth_accounts: {} }]);
    expect(await page.evaluate(() => window.metaMaskConnector!.state())).toEqual({ chainId: undefined, accounts: undefined, activating: false });
    await secondNode.close();
    await page.context().close();
  });

  it("refuses the deployer's and the settler's keys (#0 and #1)", async () => {
    expect(devAccount(ACCOUNT).address).toBe("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC"); // Hardhat's #2
    expect(() => devAccount(0)).toThrow("the deployer's key");
    expect(() => devAccount(1)).toThrow("the settler's key");
    const page = await openPage(browser());
    await expect(TestWallet.install(page, { account: 1, rpcUrl })).rejects.toThrow("the settler's key");
    const wallet = await TestWallet.install(page, { account: ACCOUNT, rpcUrl });
    await expect(wallet.setAccount(0)).rejects.toThrow("the deployer's key");
    expect(wallet.address).toBe(devAccount(ACCOUNT).address);
    await page.context().close();
  });
});
