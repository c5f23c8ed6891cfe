import { hexlify, id, keccak256, toBeHex, Transaction, Wallet } from "ethers";
import { describe, expect, it } from "vitest";
import { signEip1559, type Eip1559Fields } from "../src/chain/eip1559";
import { digestSigner } from "../src/chain/secp256k1";

const wallet = new Wallet(id("eip1559 test key"));
const signDigest = digestSigner(wallet.privateKey);
/** `length` bytes drawn from `seed`. */
const bytes = (seed: number, length: number) => {
  let out = "0x";
  for (let i = 0; out.length < 2 + 2 * length; i++) out += keccak256(toBeHex(seed * 1_000_003 + i, 32)).slice(2);
  return out.slice(0, 2 + 2 * length);
};
const word = (seed: number, bits: number) => BigInt(keccak256(toBeHex(seed, 32))) >> BigInt(256 - bits);

describe("signEip1559", () => {
  // RLP's edges: empty data, one byte below and at 0x80, lengths 55 and 56 (the long-length prefix),
  // 255 and 256 (its second length byte), and a relay transaction of 200 bets.
  const lengths = [0, 1, 1, 2, 55, 56, 255, 256, 65_535, 65_536, 4 + 32 * (3 + 200 * 13)];
  const cases: Eip1559Fields[] = lengths.map((length, i) => ({
    chainId: [31337n, 97n, 56n, 1n][i % 4]!,
    nonce: i === 0 ? 0 : Number(word(i, 40)),
    maxPriorityFeePerGas: i === 1 ? 0n : word(i + 100, 8 * (i % 9)),
    maxFeePerGas: word(i + 200, 64),
    gasLimit: word(i + 300, 24),
    to: toBeHex(word(i + 400, 160), 20),
    data: i === 1 ? "0x7f" : i === 2 ? "0x80" : bytes(i, length),
  }));

  it("gives the bytes ethers' Wallet.signTransaction gives, for data of every RLP length class", async () => {
    for (const fields of cases) {
      const { raw, hash } = signEip1559(fields, signDigest);
      expect(raw).toBe(await wallet.signTransaction({ type: 2, ...fields, value: 0n }));
      expect(hash).toBe(keccak256(raw));
      const parsed = Transaction.from(raw);
      expect([parsed.from, parsed.nonce, parsed.data, parsed.chainId]).toEqual([wallet.address, fields.nonce, hexlify(fields.data), fields.chainId]);
    }
  });

  it("refuses an address that is not 20 bytes, data that is not whole bytes and a negative value", () => {
    const fields = cases[4]!;
    for (const bad of [{ to: fields.to.slice(0, 40) }, { data: "0x123" }, { data: "0xzz" }, { maxFeePerGas: -1n }])
      expect(() => signEip1559({ ...fields, ...bad }, signDigest)).toThrow(RangeError);
  });
});
