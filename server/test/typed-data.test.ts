import { hexlify, randomBytes, TypedDataEncoder, Wallet, type TypedDataField } from "ethers";
import { describe, expect, it } from "vitest";
import { BET_TYPES, GameType, type SessionBet } from "../src/engine";
import { SessionTypedData } from "../src/sessions/typed-data";

const fields = (types: Readonly<Record<string, readonly TypedDataField[]>>) => types as Record<string, TypedDataField[]>;
const uint = (bytes: number) => BigInt(hexlify(randomBytes(bytes)));

describe("SessionTypedData.betDigest", () => {
  it("equals ethers' EIP-712 hash of the bet, for 500 random bets with fields from 0 to their largest value", () => {
    const typedData = new SessionTypedData(97, Wallet.createRandom().address);
    for (let i = 0; i < 500; i++) {
      const size = i % 3 === 0 ? 32 : 1 + (i % 32);
      const bet: SessionBet = {
        player: Wallet.createRandom().address,
        token: i % 2 ? Wallet.createRandom().address : "0x0000000000000000000000000000000000000000",
        amount: i === 1 ? 2n ** 256n - 1n : uint(size),
        game: (i % 5) as GameType,
        params: uint(size),
        clientSeedHash: hexlify(randomBytes(32)),
        nonce: i === 2 ? 0n : uint(8),
        terms: uint(size),
        deadline: uint(5),
      };
      expect(typedData.betDigest(bet)).toBe(TypedDataEncoder.hash(typedData.domain, fields(BET_TYPES), bet));
    }
  });

  it("refuses a field that does not fit its type, as ethers does", () => {
    const typedData = new SessionTypedData(31337, Wallet.createRandom().address);
    const bet: SessionBet = {
      player: Wallet.createRandom().address,
      token: Wallet.createRandom().address,
      amount: 2n ** 256n,
      game: GameType.WHEEL,
      params: 7n,
      clientSeedHash: hexlify(randomBytes(32)),
      nonce: 1n,
      terms: 1n,
      deadline: 1n,
    };
    expect(() => TypedDataEncoder.hash(typedData.domain, fields(BET_TYPES), bet)).toThrow();
    expect(() => typedData.betDigest(bet)).toThrow(RangeError);
  });
});
