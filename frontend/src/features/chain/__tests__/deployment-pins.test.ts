// @vitest-environment node
import { getCreateAddress } from "ethers";
import { describe, expect, it } from "vitest";
import { TEST_CONFIG } from "@/test/fake-wallet";
import type { AppConfig } from "../app-config";
import { checkAgainstPins, LOCAL_NODE_CONTRACTS, pinsFrom, UntrustedDeploymentError } from "../deployment-pins";

/** Hardhat dev account #0 (the local deployer in deployments/README.md). */
const HARDHAT_ACCOUNT_0 = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const BSC_TESTNET = {
  DegenToken: "0x" + "d1".repeat(20),
  Casino: "0x" + "c1".repeat(20),
  CasinoRelay: "0x" + "e1".repeat(20),
  CasinoSwap: "0x" + "f1".repeat(20),
  CasinoSessions: "0x" + "a1".repeat(20),
  CasinoLimits: "0x" + "b1".repeat(20),
};
const config = (chainId: number, contracts = LOCAL_NODE_CONTRACTS): AppConfig => ({ ...TEST_CONFIG, chain: { ...TEST_CONFIG.chain, id: chainId }, contracts });

describe("the contracts a build pins", () => {
  it("pins a fresh local node's addresses: DegenToken, CasinoSessions and Casino from dev account #0's nonces 5, 6 and 7 (after the rules and the four libraries), relay, swap desk and limits from the Casino's 1 to 3", () => {
    const casino = getCreateAddress({ from: HARDHAT_ACCOUNT_0, nonce: 7 });
    expect(LOCAL_NODE_CONTRACTS).toEqual({
      DegenToken: getCreateAddress({ from: HARDHAT_ACCOUNT_0, nonce: 5 }),
      Casino: casino,
      CasinoRelay: getCreateAddress({ from: casino, nonce: 1 }),
      CasinoSwap: getCreateAddress({ from: casino, nonce: 2 }),
      CasinoSessions: getCreateAddress({ from: HARDHAT_ACCOUNT_0, nonce: 6 }),
      CasinoLimits: getCreateAddress({ from: casino, nonce: 3 }),
    });
  });

  it("pins each committed deployment file by its chain id, chain 31337 always to a fresh node's, and the chains built as local nodes too", () => {
    const pins = pinsFrom({ "../../../../deployments/97.json": BSC_TESTNET });
    expect([...pins.keys()].sort((a, b) => a - b)).toEqual([97, 31337]);
    expect(pins.get(97)).toBe(BSC_TESTNET);
    expect(pins.get(31337)).toBe(LOCAL_NODE_CONTRACTS);
    // The rehearsal's build (VITE_LOCAL_NODE_CHAINS=97): its chain 97 is a fresh local node.
    expect(pinsFrom({ "../../../../deployments/97.json": BSC_TESTNET }, "97").get(97)).toBe(LOCAL_NODE_CONTRACTS);
    expect([...pinsFrom({}, "").keys()]).toEqual([31337]);
  });
});

describe("a server configuration against the pins", () => {
  const pins = pinsFrom({ "../../../../deployments/97.json": BSC_TESTNET });

  it("is taken when its chain's contracts are the pinned ones, whatever the letter case", () => {
    const lowerCase = Object.fromEntries(Object.entries(BSC_TESTNET).map(([name, address]) => [name, address.toLowerCase()])) as typeof BSC_TESTNET;
    expect(checkAgainstPins(config(97, lowerCase), pins)).toEqual(config(97, lowerCase));
    expect(checkAgainstPins(config(31337), pins).contracts).toBe(LOCAL_NODE_CONTRACTS);
  });

  it("is refused, naming the contract, when one address differs", () => {
    const other = { ...BSC_TESTNET, CasinoRelay: "0x" + "ee".repeat(20) };
    expect(() => checkAgainstPins(config(97, other), pins)).toThrow(UntrustedDeploymentError);
    expect(() => checkAgainstPins(config(97, other), pins)).toThrow(
      `The server names 0x${"ee".repeat(20)} as the CasinoRelay contract on Hardhat Local, but this app was built for ${BSC_TESTNET.CasinoRelay}. Web3 mode is refused to keep your funds safe; demo mode still works.`,
    );
  });

  it("is refused on a chain the build has no contracts for, and without contracts", () => {
    expect(() => checkAgainstPins(config(56), pins)).toThrow(
      "This app was built without the Casino's contracts on Hardhat Local (chain 56), so it cannot check the server's. Web3 mode is refused to keep your funds safe; demo mode still works.",
    );
    expect(() => checkAgainstPins({ ...config(31337), contracts: undefined } as unknown as AppConfig, pins)).toThrow(
      "The server names no address as the DegenToken contract",
    );
  });
});
