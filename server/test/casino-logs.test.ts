import { getAddress, hexlify, randomBytes, type EventFragment, type Interface } from "ethers";
import { describe, expect, it } from "vitest";
import { casinoInterface, sessionsInterface } from "../../bindings/casino";
import { parseCasinoLog } from "../../bindings/events";

/** A random value of a static ABI type, sometimes at the type's extremes. */
function randomValue(type: string): unknown {
  const edge = Math.random() < 0.2;
  if (type === "address") return getAddress(hexlify(randomBytes(20)));
  if (type === "bytes32") return edge ? "0x" + "00".repeat(32) : hexlify(randomBytes(32));
  if (type === "bool") return Math.random() < 0.5;
  const fixedBytes = /^bytes(\d+)$/.exec(type);
  if (fixedBytes) return hexlify(randomBytes(Number(fixedBytes[1])));
  const bits = Number(type.slice(4) || 256);
  if (edge) return Math.random() < 0.5 ? 0n : (1n << BigInt(bits)) - 1n;
  return BigInt(hexlify(randomBytes(bits / 8)));
}

function events(iface: Interface): EventFragment[] {
  const all: EventFragment[] = [];
  iface.forEachEvent((event) => all.push(event));
  return all;
}

describe("Casino log decoding", () => {
  it("decodes every Casino and CasinoSessions event exactly as ethers' ABI decoder does", () => {
    expect(events(casinoInterface).length).toBeGreaterThan(20);
    for (const iface of [casinoInterface, sessionsInterface]) {
      for (const event of events(iface)) {
        for (let i = 0; i < 50; i++) {
          const values = event.inputs.map((input) => randomValue(input.type));
          const { data, topics } = iface.encodeEventLog(event, values);
          const log = { address: "0x" + "11".repeat(20), topics, data, blockNumber: 1, transactionHash: "0x" + "22".repeat(32) };
          const ours = parseCasinoLog(log);
          const theirs = iface.decodeEventLog(event, data, topics).toObject();
          expect(ours?.name).toBe(event.name);
          expect(ours?.args).toEqual(theirs);
        }
      }
    }
  });

  it("ignores logs of other contracts' events and refuses a truncated log", () => {
    const other = { address: "0x" + "11".repeat(20), topics: ["0x" + "ab".repeat(32)], data: "0x", blockNumber: 1, transactionHash: "0x" + "22".repeat(32) };
    expect(parseCasinoLog(other)).toBeUndefined();
    const settled = casinoInterface.getEvent("BetSettled")!;
    const { data, topics } = casinoInterface.encodeEventLog(settled, [7n, hexlify(randomBytes(32)), hexlify(randomBytes(32))]);
    expect(() => parseCasinoLog({ ...other, topics, data: data.slice(0, -64) })).toThrow("malformed BetSettled log");
  });
});
