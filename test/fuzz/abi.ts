// Lookups by selector and by topic in an ethers Interface, each made once. Interface.getError and
// getEvent (and parseError and parseLog, which go through them) hash the signature of every error
// or event of the ABI again on every lookup, a keccak256 in JavaScript each: the fuzz decodes a
// revert or a log at nearly every operation, over ABIs of about a hundred errors.
import { AbiCoder, dataSlice, hexlify, type ErrorFragment, type EventFragment, type Interface, type Result } from "ethers";

const abi = AbiCoder.defaultAbiCoder();

/** The revert decoding the fuzz needs (an ethers Interface has it too, uncached). */
export interface ErrorDecoder {
  getError(selector: string): ErrorFragment | null;
  parseError(data: string): { name: string; args: Result } | null;
}

/** Interface.getError (by selector) and parseError, remembering each selector's error. */
export class CachedErrors implements ErrorDecoder {
  private readonly bySelector = new Map<string, ErrorFragment | null>();

  constructor(private readonly iface: Interface) {}

  getError(selector: string): ErrorFragment | null {
    const key = selector.toLowerCase();
    let fragment = this.bySelector.get(key);
    if (fragment === undefined) this.bySelector.set(key, (fragment = this.iface.getError(key)));
    return fragment;
  }

  /** As Interface.parseError: the error's name and its arguments, or null for an unknown selector. */
  parseError(data: string): { name: string; args: Result } | null {
    const hex = hexlify(data);
    const fragment = this.getError(dataSlice(hex, 0, 4));
    if (fragment === null) return null;
    return { name: fragment.name, args: abi.decode(fragment.inputs, dataSlice(hex, 4)) };
  }
}

/** Interface.parseLog, remembering each topic's event. */
export class CachedEvents {
  private readonly byTopic = new Map<string, EventFragment | null>();

  constructor(private readonly iface: Interface) {}

  /** As Interface.parseLog: the event's name and its arguments, or null for an unknown or anonymous event. */
  parseLog(log: { topics: string[]; data: string }): { name: string; args: Result } | null {
    const key = log.topics[0].toLowerCase();
    let fragment = this.byTopic.get(key);
    if (fragment === undefined) this.byTopic.set(key, (fragment = this.iface.getEvent(key)));
    if (fragment === null || fragment.anonymous) return null;
    return { name: fragment.name, args: this.iface.decodeEventLog(fragment, log.data, log.topics) };
  }
}
