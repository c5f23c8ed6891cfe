import { readyWallet } from "@/features/wallet/onchain";

/** The Casino's terms for a bet placed now, read through the wallet. */
export async function readCasinoTerms(): Promise<bigint> {
  return (await readyWallet()).contracts.casino.terms();
}
