import { keccak256, parseEther, Signature, toBeHex, TypedDataEncoder, Wallet } from "ethers";
import { describe, expect, it } from "vitest";
import { ACTION_KEY_TYPES, ACTIONS_TYPES, BET_TYPES, clientSeedHash, sessionDomain } from "../../engine/src/index";
import { decodeCall, type SignedBet } from "../src/calls";
import { actionKeyDigest, actionsDigest, betDigest, domainSeparator, recoverSigner } from "../src/signatures";
import { CASINO, DEGEN, SESSIONS } from "./support/history";
import { casinoInterface } from "../../bindings/casino";
import { CasinoSessions__factory } from "../../typechain-types/factories/contracts/CasinoSessions__factory";

const CHAIN_ID = 97n;
const key = new Wallet(keccak256("0x5e55"));
const player = new Wallet(keccak256("0x91a7"));
const bet: SignedBet = {
  player: player.address,
  token: DEGEN,
  amount: parseEther("12.5"),
  game: 3n,
  params: 2n,
  clientSeed: keccak256("0x01"),
  // Bet 41 of the player's first session's lane (lane << 32 | n).
  nonce: (1n << 32n) | 41n,
  terms: 3600n | (50n << 32n),
  deadline: 1_900_000_000n,
  r: "",
  vs: "",
};
/** The EIP-712 Bet the key signs: the client seed's hash in the seed's place. */
const typed = { ...bet, clientSeed: undefined, clientSeedHash: clientSeedHash(bet.clientSeed), r: undefined, vs: undefined };

describe("the EIP-712 digests and signers of session keys", () => {
  it("hashes a bet, an action log and an action key as ethers' TypedDataEncoder does with engine/src/session.ts's types and domain", () => {
    const domain = sessionDomain(CHAIN_ID, SESSIONS);
    const separator = domainSeparator(CHAIN_ID, SESSIONS);
    expect(betDigest(separator, bet)).toBe(TypedDataEncoder.hash(domain, BET_TYPES as never, typed));
    const betId = (BigInt(player.address) << 64n) | bet.nonce;
    expect(actionsDigest(separator, betId, "0x504853")).toBe(TypedDataEncoder.hash(domain, ACTIONS_TYPES as never, { betId, actions: "0x504853" }));
    expect(actionsDigest(separator, betId, "0x")).toBe(TypedDataEncoder.hash(domain, ACTIONS_TYPES as never, { betId, actions: "0x" }));
    expect(actionKeyDigest(separator, player.address, betId, key.address)).toBe(
      TypedDataEncoder.hash(domain, ACTION_KEY_TYPES as never, { player: player.address, betId, key: key.address }),
    );
  });

  it("recovers the key from a compact signature and from 65 bytes, as ethers signs them; nobody from a signature no key made", async () => {
    const domain = sessionDomain(CHAIN_ID, SESSIONS);
    const digest = betDigest(domainSeparator(CHAIN_ID, SESSIONS), bet);
    const signature = Signature.from(await key.signTypedData(domain, BET_TYPES as never, typed));
    expect(recoverSigner(digest, { r: signature.r, vs: signature.yParityAndS })).toBe(key.address);
    expect(recoverSigner(digest, signature.serialized)).toBe(key.address);
    // Another digest: some other key, never this one.
    expect(recoverSigner(keccak256(digest), signature.serialized)).not.toBe(key.address);
    expect(recoverSigner(digest, { r: toBeHex(0, 32), vs: signature.yParityAndS })).toBeNull();
    expect(recoverSigner(digest, signature.serialized.slice(0, -2) + "1f")).toBeNull();
  });
});

describe("the calls that carry signatures", () => {
  const sessions = CasinoSessions__factory.createInterface();
  const contracts = { casino: CASINO, sessions: SESSIONS };
  const input = { ...bet, gameType: bet.game };
  const signed = { bet: input, deadline: bet.deadline, r: keccak256("0x0a"), vs: keccak256("0x0b") };

  it("reads the signed bets of CasinoSessions.play and .place, the action log of .settle, and no log from Casino.settle", () => {
    const play = sessions.encodeFunctionData("play", [
      [signed, { ...signed, bet: { ...input, nonce: bet.nonce + 1n } }],
      [keccak256("0x03"), keccak256("0x04")],
    ]);
    const call = decodeCall({ hash: "0x", to: SESSIONS.toLowerCase(), input: play }, contracts);
    expect(call).toEqual({
      kind: "play",
      bets: [
        { ...bet, r: signed.r, vs: signed.vs },
        { ...bet, nonce: bet.nonce + 1n, r: signed.r, vs: signed.vs },
      ],
    });
    // place(SignedBet, countersignature): the bet inline, the settler's countersignature after it (empty when the settler sends it).
    for (const countersignature of ["0x", "0x" + "ab".repeat(65)]) {
      const place = sessions.encodeFunctionData("place", [signed, countersignature]);
      expect(decodeCall({ hash: "0x", to: SESSIONS, input: place }, contracts)).toEqual({ kind: "place", bets: [{ ...bet, r: signed.r, vs: signed.vs }] });
    }
    const settle = sessions.encodeFunctionData("settle", [7n, keccak256("0x05"), "0x4853", "0x1234", "0x"]);
    expect(decodeCall({ hash: "0x", to: SESSIONS, input: settle }, contracts)).toEqual({
      kind: "settle with actions",
      betId: 7n,
      actions: "0x4853",
      signature: "0x1234",
      keyGrant: "0x",
    });
    const batch = casinoInterface.encodeFunctionData("settleBatch", [[7n], [keccak256("0x05")], [0n]]);
    expect(decodeCall({ hash: "0x", to: CASINO, input: batch }, contracts)).toEqual({ kind: "settle" });
  });

  it("reads nothing from a call to another contract, another function, or a transaction not served", () => {
    const play = sessions.encodeFunctionData("play", [[signed], [keccak256("0x03")]]);
    expect(decodeCall({ hash: "0x", to: "0x" + "12".repeat(20), input: play }, { casino: CASINO, sessions: SESSIONS })).toEqual({ kind: "other" });
    expect(decodeCall({ hash: "0x", to: SESSIONS, input: sessions.encodeFunctionData("revokeSession", [key.address]) }, contracts)).toEqual({ kind: "other" });
    expect(decodeCall({ hash: "0x", to: SESSIONS, input: "0xdeadbeef" }, contracts)).toEqual({ kind: "other" });
    expect(decodeCall(undefined, contracts)).toEqual({ kind: "other" });
  });
});
