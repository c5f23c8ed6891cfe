// The chain's own word on the pinned deployment (issue #19, finding R2-10): before any approval,
// transaction or signature, the wallet's chain must show the pinned Casino naming the pinned
// token, relay and swap desk.
import { AbiCoder, getAddress, id } from "ethers";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { forgetAppConfig } from "@/features/chain/app-config";
import { useWalletStore } from "@/features/wallet";
import { fakeServer, FakeWallet, TEST_CONFIG } from "@/test/fake-wallet";
import { readyWallet } from "../web3";
import { forgetDeploymentChecks } from "../web3/deployment-check";

const wallet = new FakeWallet("0x1234567890abcdef1234567890abcdef12345678", 31337);
const word = (address: string) => AbiCoder.defaultAbiCoder().encode(["address"], [address]);
const selector = (signature: string) => id(signature).slice(0, 10);
let links: Record<"degen()" | "relay()" | "swapDesk()" | "sessions()" | "limits()", string>;

function answerLikeTheChain(): void {
  wallet.handlers.set("eth_getCode", () => "0x6080604052");
  wallet.handlers.set("eth_call", (params) => {
    const [call] = params as [{ to: string; data: string }];
    const link = (Object.keys(links) as (keyof typeof links)[]).find((signature) => call.data.startsWith(selector(signature)));
    // Anything else (the balances read on connect) is 0.
    return link && getAddress(call.to) === TEST_CONFIG.contracts.Casino ? word(links[link]) : "0x" + "00".repeat(32);
  });
}

const reads = (signature: string) => wallet.callsOf("eth_call").filter((call) => (call.params as [{ data: string }])[0].data.startsWith(selector(signature)));

beforeAll(() => {
  (window as unknown as { ethereum: FakeWallet }).ethereum = wallet;
});
afterAll(() => {
  delete (window as unknown as { ethereum?: FakeWallet }).ethereum;
});
beforeEach(async () => {
  wallet.reset();
  vi.stubGlobal("fetch", fakeServer().fetch);
  forgetAppConfig();
  forgetDeploymentChecks();
  links = {
    "degen()": TEST_CONFIG.contracts.DegenToken,
    "relay()": TEST_CONFIG.contracts.CasinoRelay,
    "swapDesk()": TEST_CONFIG.contracts.CasinoSwap,
    "sessions()": TEST_CONFIG.contracts.CasinoSessions,
    "limits()": TEST_CONFIG.contracts.CasinoLimits,
  };
  answerLikeTheChain();
  if (useWalletStore.getState().mode === "web3") await useWalletStore.getState().disconnect();
  await useWalletStore.getState().connect();
  wallet.calls.length = 0;
});

describe("the deployment on the wallet's chain", () => {
  it("is read once through the wallet and then trusted: code at the Casino, and its token, relay, swap desk, sessions and limits the pinned ones", async () => {
    await expect(readyWallet()).resolves.toMatchObject({ config: { contracts: TEST_CONFIG.contracts } });
    await readyWallet();
    expect(wallet.callsOf("eth_getCode")).toHaveLength(1);
    expect(Object.keys(links).map((signature) => reads(signature).length)).toEqual([1, 1, 1, 1, 1]);
  });

  it("refuses every action when the Casino names other sessions or limits", async () => {
    links["sessions()"] = "0x" + "77".repeat(20);
    await expect(readyWallet()).rejects.toThrow(`names ${getAddress("0x" + "77".repeat(20))} as its sessions, not ${TEST_CONFIG.contracts.CasinoSessions}`);
    links["sessions()"] = TEST_CONFIG.contracts.CasinoSessions;
    links["limits()"] = "0x" + "88".repeat(20);
    await expect(readyWallet()).rejects.toThrow(`names ${getAddress("0x" + "88".repeat(20))} as its limits, not ${TEST_CONFIG.contracts.CasinoLimits}`);
  });

  it("refuses every action when the Casino names another relay, and asks the chain again next time", async () => {
    links["relay()"] = "0x" + "66".repeat(20);
    await expect(readyWallet()).rejects.toThrow(
      `The Casino at ${TEST_CONFIG.contracts.Casino} names ${getAddress("0x" + "66".repeat(20))} as its relay, not ${TEST_CONFIG.contracts.CasinoRelay} on Hardhat Local: this is not the deployment this app was built for. Nothing was sent from your wallet.`,
    );
    await expect(readyWallet()).rejects.toThrow("as its relay");
    expect(reads("relay()")).toHaveLength(2);
    expect(wallet.callsOf("eth_sendTransaction")).toHaveLength(0);
  });

  it("refuses a chain where the pinned Casino has no code", async () => {
    wallet.handlers.set("eth_getCode", () => "0x");
    // ethers answers a read repeated within 250 ms from its cache: the test before read the code too.
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(readyWallet()).rejects.toThrow(
      `No Casino contract answers at ${TEST_CONFIG.contracts.Casino} on Hardhat Local: this is not the deployment this app was built for.`,
    );
  });
});
