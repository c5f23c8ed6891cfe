import type { TransactionReceipt } from "ethers";
import { vi } from "vitest";
import { Casino__factory } from "@typechain/factories/contracts/Casino__factory";
import type { ReadyWallet } from "../web3";

export const PLAYER = "0x1234567890AbcdEF1234567890aBcdef12345678";
export const ADDRESSES = {
  DegenToken: "0x00000000000000000000000000000000000000D1",
  Casino: "0x00000000000000000000000000000000000000C1",
  CasinoRelay: "0x00000000000000000000000000000000000000E1",
  CasinoSwap: "0x00000000000000000000000000000000000000F1",
  CasinoSessions: "0x00000000000000000000000000000000000000A1",
  CasinoLimits: "0x00000000000000000000000000000000000000B1",
};

const casinoInterface = Casino__factory.createInterface();

/**
 * A mined transaction's receipt with the Casino's events in it (each [name, args]), as the
 * wallet's provider returns it for a relayed request's hash.
 */
export function receiptWith(hash: string, events: [Parameters<typeof casinoInterface.getEvent>[0], unknown[]][], from = ADDRESSES.Casino): TransactionReceipt {
  const logs = events.map(([name, args], index) => {
    const event = casinoInterface.getEvent(name);
    return { address: from, index, ...casinoInterface.encodeEventLog(event, args) };
  });
  return { hash, status: 1, logs } as unknown as TransactionReceipt;
}

/** CasinoLimits.limitsOf of a player who set nothing. */
export function noLimits() {
  return {
    lossLimit: [0n, 0n, 0n],
    lossUsed: [0n, 0n, 0n],
    windowEnds: [0n, 0n, 0n],
    betCap: 0n,
    pendingLossLimit: [0n, 0n, 0n],
    pendingBetCap: 0n,
    pendingAt: 0n,
    pendingMask: 0n,
    coolOffUntil: 0n,
    pendingCoolOffUntil: 0n,
    pendingCoolOffAt: 0n,
  };
}

/** A contract method as TypeChain types it: callable, with populateTransaction and staticCall. */
function method(name: string, result?: unknown) {
  const fn = vi.fn(async () => result) as ReturnType<typeof vi.fn> & { populateTransaction: ReturnType<typeof vi.fn>; staticCall: ReturnType<typeof vi.fn> };
  fn.populateTransaction = vi.fn(async (...args: unknown[]) => ({ to: name, data: `0x${name}`, args }));
  fn.staticCall = vi.fn(async () => result);
  return fn;
}

/** A connected wallet on a chain with an explorer, every chain call a mock the test can change. */
export function fakeWallet() {
  const wallet = {
    account: PLAYER,
    config: {
      chain: {
        id: 97,
        hexId: "0x61",
        name: "BSC Testnet",
        nativeCurrency: { name: "tBNB", symbol: "tBNB", decimals: 18 },
        rpcUrls: [],
        blockExplorerUrls: ["https://testnet.bscscan.com"],
      },
      contracts: ADDRESSES,
      deploymentBlock: 0,
      settler: PLAYER,
      siwe: { domain: "localhost", uri: "http://localhost", chainId: 97 },
    },
    provider: {
      getBalance: vi.fn(async () => 0n),
      getBlock: vi.fn(async () => ({ timestamp: 4_000_000_000 })),
      // A relayed request's receipt: by default one with no event of the Casino's.
      waitForTransaction: vi.fn(async (hash: string): Promise<TransactionReceipt | null> => receiptWith(hash, [])),
      // The relayed transaction itself: by default it carries the player's signature (signTypedData's below).
      getTransaction: vi.fn(async (hash: string): Promise<{ hash: string; data: string } | null> => ({ hash, data: `0xabcdef${"11".repeat(65)}` })),
    },
    signer: {
      estimateGas: vi.fn(async () => 100_000n),
      sendTransaction: vi.fn(async (_request: unknown) => ({
        hash: `0x${"ab".repeat(32)}`,
        wait: vi.fn(async () => ({ status: 1, hash: `0x${"ab".repeat(32)}` })),
      })),
      signTypedData: vi.fn(async () => `0x${"11".repeat(65)}`),
    },
    contracts: {
      casino: { interface: casinoInterface, getBalance: vi.fn(async () => 0n), deposit: method("deposit"), withdraw: method("withdraw") },
      degen: { balanceOf: vi.fn(async () => 0n), allowance: vi.fn(async () => 0n), approve: method("approve") },
      relay: { nonces: vi.fn(async () => 0n), eip712Domain: vi.fn(), WITHDRAW_TYPEHASH: vi.fn(), SWAP_TYPEHASH: vi.fn() },
      swapDesk: { quote: vi.fn(async (_fromToken: string, _amount: bigint) => [0n, 0n]), swap: method("swap") },
      limits: { limitsOf: vi.fn(async (_player: string, _token: string) => noLimits()), setLimits: method("setLimits"), setCoolOff: method("setCoolOff") },
    },
  };
  return { wallet, ready: wallet as unknown as ReadyWallet };
}
