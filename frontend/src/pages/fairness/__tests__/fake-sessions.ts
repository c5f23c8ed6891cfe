import { getAddress, Signature, Wallet, ZeroAddress } from "ethers";
import { BET_TYPES, clientSeedHash, randomBytes32, sessionDomain } from "@engine/index";
import { CasinoSessions__factory } from "@typechain/factories/contracts/CasinoSessions__factory";
import type { FakeBet, FakeCasinoChain } from "@/test/fake-casino-chain";
import type { KeyEvent, SessionReads } from "../session-signature";

/** The terms FakeCasinoChain places its bets under. */
const TERMS = 3_600n | (50n << 32n) | (500n << 48n);

/**
 * The player's session keys on a FakeCasinoChain, and the one-click transactions that relayed its
 * bets: what the fairness page reads to check a bet's signature (session-signature.ts).
 */
export class FakeSessions {
  readonly address = getAddress("0x" + "5e".repeat(20));
  private readonly transactions = new Map<string, { to: string; data: string }>();
  private readonly events: (KeyEvent & { key: string })[] = [];

  constructor(private readonly chain: FakeCasinoChain) {}

  /** The player's wallet opens a session for a new key in `block`. */
  openSession(block: number): Wallet {
    const key = new Wallet(randomBytes32());
    this.events.push({ name: "SessionOpened", key: key.address, block, index: 0 });
    return key;
  }

  revokeSession(key: Wallet, block: number): void {
    this.events.push({ name: "SessionRevoked", key: key.address, block, index: 0 });
  }

  /** Makes the bet's transaction a CasinoSessions.play of the bet as `key` signed it, with `signedAs` signed instead. */
  async relay(bet: FakeBet, key: Wallet, signedAs: { amount?: bigint } = {}): Promise<void> {
    const typed = {
      player: this.chain.player,
      token: bet.token === "DEGEN" ? this.chain.degen : ZeroAddress,
      amount: signedAs.amount ?? bet.amount,
      game: bet.gameType,
      params: bet.params,
      clientSeed: bet.clientSeed,
      nonce: bet.nonce,
      expectedCommit: this.chain.seeds.commitment,
      terms: TERMS,
      deadline: 2_000_000_000n,
    };
    const { clientSeed, ...fields } = typed;
    const signature = Signature.from(
      await key.signTypedData(sessionDomain(this.chain.chainId, this.address), BET_TYPES as never, { ...fields, clientSeedHash: clientSeedHash(clientSeed) }),
    );
    const signed = { bet: { ...typed, gameType: typed.game }, deadline: typed.deadline, r: signature.r, vs: signature.yParityAndS };
    const data = CasinoSessions__factory.createInterface().encodeFunctionData("play", [[signed], [this.chain.seeds.seed(Number(bet.nonce) + 1)]]);
    this.transactions.set(bet.txHash, { to: this.address, data });
  }

  reads(): SessionReads {
    return {
      sessions: this.address,
      chainId: this.chain.chainId,
      // Any other bet was sent from the player's wallet, to the Casino.
      transaction: async (hash) => this.transactions.get(hash) ?? { to: this.chain.casino, data: "0x" },
      keyEvents: async (_player, key, block) => this.events.filter((event) => event.key === key && event.block <= block),
      betLogIndex: async () => 1,
    };
  }
}
