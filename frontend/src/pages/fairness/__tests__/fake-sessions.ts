import { getAddress, Signature, Wallet, ZeroAddress } from "ethers";
import { BET_TYPES, clientSeedHash, randomBytes32, sessionDomain } from "@engine/index";
import { CasinoSessions__factory } from "@typechain/factories/contracts/CasinoSessions__factory";
import type { FakeBet, FakeCasinoChain } from "@/test/fake-casino-chain";
import type { KeyOpening, SessionReads } from "../session-signature";

/** The terms FakeCasinoChain places its bets under. */
const TERMS = 3_600n | (50n << 32n) | (500n << 48n);

/**
 * The player's session keys on a FakeCasinoChain, and the one-click transactions that relayed its
 * bets: what the fairness page reads to check a bet's signature (session-signature.ts).
 */
export class FakeSessions {
  readonly address = getAddress("0x" + "5e".repeat(20));
  private readonly transactions = new Map<string, { to: string; data: string }>();
  private readonly openings: (KeyOpening & { key: string })[] = [];

  constructor(private readonly chain: FakeCasinoChain) {}

  /** The player's wallet opens a session for a new key in `block`: its lane opens on the Casino too. Answers the key and the lane. */
  openSession(block: number): { key: Wallet; lane: number } {
    const key = new Wallet(randomBytes32());
    const lane = this.chain.openLane(block);
    this.openings.push({ key: key.address, block, lane: BigInt(lane) });
    return { key, lane };
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
      terms: TERMS,
      deadline: 2_000_000_000n,
    };
    const { clientSeed, ...fields } = typed;
    const signature = Signature.from(
      await key.signTypedData(sessionDomain(this.chain.chainId, this.address), BET_TYPES as never, { ...fields, clientSeedHash: clientSeedHash(clientSeed) }),
    );
    const signed = { bet: { ...typed, gameType: typed.game }, deadline: typed.deadline, r: signature.r, vs: signature.yParityAndS };
    const data = CasinoSessions__factory.createInterface().encodeFunctionData("play", [[signed], ["0x" + "00".repeat(32)]]);
    this.transactions.set(bet.txHash, { to: this.address, data });
  }

  reads(): SessionReads {
    return {
      sessions: this.address,
      chainId: this.chain.chainId,
      // Any other bet was sent from the player's wallet, to the Casino.
      transaction: async (hash) => this.transactions.get(hash) ?? { to: this.chain.casino, data: "0x" },
      keyOpening: async (_player, key, block) => this.openings.find((opening) => opening.key === key && opening.block <= block) ?? null,
    };
  }
}
