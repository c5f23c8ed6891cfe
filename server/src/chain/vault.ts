/** The part of the Casino contract the balance route reads. */
export interface VaultReader {
  getBalance(player: string, token: string): Promise<bigint>;
}
