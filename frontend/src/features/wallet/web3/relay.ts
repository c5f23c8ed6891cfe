// The EIP-712 requests CasinoRelay checks on chain (contracts/CasinoRelay.sol). The server sends
// them and pays the gas, but only the player's signature can move the player's funds; what a
// relayed request did is read from its receipt's events.
import { getAddress, id, TypedDataEncoder, type TransactionReceipt, type TypedDataDomain, type TypedDataField } from "ethers";
import type { ReadyWallet } from "./index";
import { chainClock } from "./clock";
import { parseCasinoLog, type CasinoEvents } from "@bindings/events";

/** Typed data the player signs: the request, with the relay's nonce and a deadline. */
export interface TypedRequest<Value> {
  domain: TypedDataDomain;
  types: Record<string, TypedDataField[]>;
  value: Value & { nonce: bigint; deadline: bigint };
}

const WITHDRAW_TYPES = {
  Withdraw: [
    { name: "player", type: "address" },
    { name: "token", type: "address" },
    { name: "amount", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
};

const SWAP_TYPES = {
  Swap: [
    { name: "player", type: "address" },
    { name: "fromToken", type: "address" },
    { name: "toToken", type: "address" },
    { name: "amount", type: "uint256" },
    { name: "minAmountOut", type: "uint256" },
    { name: "nonce", type: "uint256" },
    { name: "deadline", type: "uint256" },
  ],
};

/** How long a signature stays good: long enough for a slow relay, short enough not to linger. */
const SIGNATURE_LIFETIME_S = 15n * 60n;

async function prepare<Value extends object>(
  wallet: ReadyWallet,
  types: Record<string, TypedDataField[]>,
  onChainTypeHash: () => Promise<string>,
  request: Value,
): Promise<TypedRequest<Value>> {
  const { relay } = wallet.contracts;
  const [domain, nonce, latest, typeHash] = await Promise.all([
    relay.eip712Domain(),
    relay.nonces(wallet.account),
    wallet.provider.getBlock("latest"),
    onChainTypeHash(),
  ]);
  // The types above are the only hand-written part of the request: a mismatch with the relay's
  // own type hash would only show as InvalidSignature after signing, so it is caught here.
  const primaryType = Object.keys(types)[0]!;
  if (id(TypedDataEncoder.from(types).encodeType(primaryType)) !== typeHash)
    throw new Error(`The relay's ${primaryType} request has changed: this app needs an update.`);
  const now = BigInt(chainClock(latest));
  return {
    // The relay's own EIP-712 domain (name, version, chain, address), as EIP-5267 reports it.
    domain: { name: domain.name, version: domain.version, chainId: domain.chainId, verifyingContract: domain.verifyingContract },
    types,
    value: { ...request, nonce, deadline: now + SIGNATURE_LIFETIME_S },
  };
}

export function prepareWithdraw(wallet: ReadyWallet, request: { token: string; amount: bigint }) {
  return prepare(wallet, WITHDRAW_TYPES, () => wallet.contracts.relay.WITHDRAW_TYPEHASH(), { player: wallet.account, ...request });
}

export function prepareSwap(wallet: ReadyWallet, request: { fromToken: string; toToken: string; amount: bigint; minAmountOut: bigint }) {
  return prepare(wallet, SWAP_TYPES, () => wallet.contracts.relay.SWAP_TYPEHASH(), { player: wallet.account, ...request });
}

/** eth_signTypedData_v4 through the wallet. */
export function signRequest<Value extends object>(wallet: ReadyWallet, typed: TypedRequest<Value>): Promise<string> {
  return wallet.signer.signTypedData(typed.domain, typed.types, typed.value);
}

/** The Casino's `name` events for the player in a relayed transaction's receipt: what it did for them. */
export function playerEvents<N extends "Withdrawn" | "Swapped">(wallet: ReadyWallet, receipt: TransactionReceipt, name: N): CasinoEvents[N][] {
  const casino = getAddress(wallet.config.contracts.Casino);
  const player = getAddress(wallet.account);
  return receipt.logs.flatMap((log) => {
    const event = getAddress(log.address) === casino ? parseCasinoLog(log) : undefined;
    return event?.name === name && event.args.player === player ? [event.args as CasinoEvents[N]] : [];
  });
}
