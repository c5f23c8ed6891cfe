// GameRules' answers for the fuzz's model (test/fuzz/model.ts), which never computes a payout: the
// harness asks the deployed rules for every word an operation may settle, many per eth_call
// through contracts/test/GameRulesHarness.sol, and the exact revert (custom error and arguments)
// of a word the rules refuse with a direct call, before the model runs the operation.
import { concat, getBytes, Interface, solidityPacked } from "ethers";
import { Revert, rulesKey, type RulesAnswer, type RulesQuery } from "./model";
import type { ErrorDecoder } from "./abi";

interface Provider {
  send(method: string, params: unknown[]): Promise<unknown>;
}

export class RulesOracle {
  /** eth_calls made and words asked, for the fuzz's report. */
  readonly asked = { calls: 0, words: 0, refused: 0 };

  constructor(
    private readonly provider: Provider,
    private readonly rules: { address: string; iface: Interface },
    private readonly harness: { address: string; iface: Interface },
    private readonly errors: ErrorDecoder,
    private readonly answers: Map<string, RulesAnswer>,
  ) {}

  /** Fetches the answers to the queries not yet known. */
  async ensure(queries: RulesQuery[]): Promise<void> {
    const missing = new Map<string, RulesQuery>();
    for (const q of queries) {
      const key = rulesKey(q);
      if (!this.answers.has(key)) missing.set(key, q);
    }
    if (missing.size === 0) return;
    const list = [...missing.entries()];
    const packed = concat(
      list.map(([, q]) =>
        solidityPacked(
          ["uint8", "uint8", "uint16", "uint256", "uint256", "bytes32", "bytes"],
          [q.gameType, (q.isNative ? 1 : 0) | (q.splitStaked ? 0x80 : 0), getBytes(q.actions).length, q.params, q.stake, q.word, q.actions],
        ),
      ),
    );
    const data = this.harness.iface.encodeFunctionData("run", [packed]);
    const raw = (await this.provider.send("eth_call", [{ to: this.harness.address, data }, "latest"])) as string;
    const results = getBytes(this.harness.iface.decodeFunctionResult("run", raw)[0] as string);
    this.asked.calls++;
    this.asked.words += list.length;
    for (const [k, [key, q]] of list.entries()) {
      const at = 128 * k;
      const head = BigInt(`0x${Buffer.from(results.subarray(at, at + 32)).toString("hex")}`);
      if (head === 0n) {
        this.answers.set(key, { payout: BigInt(`0x${Buffer.from(results.subarray(at + 32, at + 64)).toString("hex")}`) });
        continue;
      }
      this.answers.set(key, { revert: this.decoded(results.subarray(at, at + 96)) ?? (await this.revertOf(q)) });
    }
  }

  /** The answer to a query already fetched. */
  answer(q: RulesQuery): RulesAnswer {
    const answer = this.answers.get(rulesKey(q));
    if (answer === undefined) throw new Error(`GameRules' answer to ${rulesKey(q)} was not fetched`);
    return answer;
  }

  /** The payout of a fetched query, or null where the rules refuse it. */
  payout(q: RulesQuery): bigint | null {
    const answer = this.answer(q);
    return "payout" in answer ? answer.payout : null;
  }

  /**
   * The revert the harness reported (the selector, marked, and the first two argument words), when
   * its custom error takes at most two static arguments; else null (the direct call tells).
   */
  private decoded(words: Uint8Array): Revert | null {
    const selector = `0x${Buffer.from(words.subarray(0, 4)).toString("hex")}`;
    let error;
    try {
      error = this.errors.getError(selector);
    } catch {
      return null;
    }
    if (
      error === null ||
      error.inputs.length > 2 ||
      error.inputs.some((input) => input.baseType === "bytes" || input.baseType === "string" || input.baseType === "array" || input.baseType === "tuple")
    )
      return null;
    const data = `${selector}${Buffer.from(words.subarray(32, 32 + 32 * error.inputs.length)).toString("hex")}`;
    const parsed = this.errors.parseError(data);
    return parsed === null ? null : new Revert(parsed.name, [...parsed.args]);
  }

  /** The custom error GameRules.payout (splitStakedPayout) reverts with, called directly (the harness keeps only the first arguments). */
  private async revertOf(q: RulesQuery): Promise<Revert> {
    const data = q.splitStaked
      ? this.rules.iface.encodeFunctionData("splitStakedPayout", [q.isNative, q.stake, q.word, q.actions])
      : this.rules.iface.encodeFunctionData("payout", [q.gameType, q.params, q.isNative, q.stake, q.word, q.actions]);
    this.asked.calls++;
    this.asked.refused++;
    try {
      await this.provider.send("eth_call", [{ to: this.rules.address, data }, "latest"]);
    } catch (error) {
      const e = error as { data?: unknown };
      const revertData = typeof e.data === "string" ? e.data : (e.data as { data?: string } | undefined)?.data;
      const parsed = typeof revertData === "string" ? this.errors.parseError(revertData) : null;
      if (parsed === null) throw new Error(`GameRules refused ${rulesKey(q)} without a known custom error: ${String(error)}`);
      return new Revert(parsed.name, [...parsed.args]);
    }
    throw new Error(`GameRules answered ${rulesKey(q)} directly, but refused it through the harness`);
  }
}
