// The contracts this build trusts on each chain (issue #19, finding R2-10). The server names the
// contracts at run time (GET /api/config); the app uses them only where they equal what it was
// built with, so a server that is wrong or compromised cannot point the player's approvals,
// deposits and signatures at other contracts.
import type { AppConfig, AppContracts } from "./app-config-types";

const LOCAL_CHAIN_ID = 31337;

/**
 * Where scripts/deploy.ts puts the contracts on a fresh local Hardhat node (scripts/casino-contracts.ts
 * gives the order): dev account #0 deploys GameRules and the Casino's four libraries (SessionPlay,
 * HouseAdmin, BetSettlement, BetClaims) with its nonces 0–4, DegenToken with its nonce 5,
 * CasinoSessions with its nonce 6 and the Casino with its nonce 7, and the Casino's constructor
 * creates CasinoRelay, CasinoSwap and CasinoLimits (the Casino's nonces 1–3). A
 * CREATE address depends on the sender and its nonce only, so every fresh node (`npm start`, the
 * browser tests, the rehearsal's chain 97) has these, whatever the contracts' code;
 * __tests__/deployment-pins.test.ts derives them.
 */
export const LOCAL_NODE_CONTRACTS: AppContracts = {
  DegenToken: "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707",
  Casino: "0xa513E6E4b8f2a923D98304ec87F64353C4D5C853",
  CasinoRelay: "0x9bd03768a7DCc129555dE410FF8E85528A4F88b5",
  CasinoSwap: "0x440C0fCDC317D69606eabc35C0F676D1a8251Ee1",
  CasinoSessions: "0x0165878A594ca255338adfa4d48449f69242Eb8F",
  CasinoLimits: "0x80E2E2367C5E9D070Ae2d6d50bF0cdF6360a7151",
};

/**
 * The committed deployments/<chainId>.json files as they were at build time (deployments/README.md).
 * Not 31337.json: it is git-ignored and holds this machine's last local deploy, and the browser
 * tests build the app before they deploy; a fresh node's addresses are known without it.
 */
const BUILT_WITH = import.meta.glob<AppContracts>(["../../../../deployments/*.json", "!../../../../deployments/31337.json"], {
  eager: true,
  import: "contracts",
});

/**
 * The pins: each committed deployment, and LOCAL_NODE_CONTRACTS for chain 31337 and for the chains
 * in `localNodeChains` (VITE_LOCAL_NODE_CHAINS at build time, e.g. "97" for the BSC Testnet
 * rehearsal, which deploys to a fresh local node run as chain 97); these win over a committed file.
 */
export function pinsFrom(files: Record<string, AppContracts>, localNodeChains = ""): ReadonlyMap<number, AppContracts> {
  const pins = new Map<number, AppContracts>();
  for (const [file, contracts] of Object.entries(files)) pins.set(Number(/(\d+)\.json$/.exec(file)![1]), contracts);
  for (const id of [String(LOCAL_CHAIN_ID), ...localNodeChains.split(",")].map((text) => text.trim()).filter(Boolean)) {
    pins.set(Number(id), LOCAL_NODE_CONTRACTS);
  }
  return pins;
}

const PINS = pinsFrom(BUILT_WITH, import.meta.env.VITE_LOCAL_NODE_CHAINS as string | undefined);

/** A server configuration this build cannot trust: web3 mode is refused with this sentence. */
export class UntrustedDeploymentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UntrustedDeploymentError";
  }
}

const KEEP_SAFE = "Web3 mode is refused to keep your funds safe; demo mode still works.";

const sameAddress = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The server's configuration, if its chain has a pin and its contracts are exactly the pinned ones. */
export function checkAgainstPins(config: AppConfig, pins: ReadonlyMap<number, AppContracts> = PINS): AppConfig {
  const chain = config?.chain;
  const pinned = chain ? pins.get(chain.id) : undefined;
  if (!chain || !pinned) {
    const named = chain ? `${chain.name} (chain ${chain.id})` : "the server's chain";
    throw new UntrustedDeploymentError(`This app was built without the Casino's contracts on ${named}, so it cannot check the server's. ${KEEP_SAFE}`);
  }
  for (const name of Object.keys(pinned) as (keyof AppContracts)[]) {
    const named = config.contracts?.[name];
    if (typeof named !== "string" || !sameAddress(named, pinned[name])) {
      throw new UntrustedDeploymentError(
        `The server names ${named ?? "no address"} as the ${name} contract on ${chain.name}, but this app was built for ${pinned[name]}. ${KEEP_SAFE}`,
      );
    }
  }
  return config;
}
