import { ZeroAddress } from "ethers";
import type { DegenToken } from "../../../typechain-types/contracts/DegenToken.sol/DegenToken";
import { forbidden } from "../http/errors";
import { formatAmount } from "../tokens";
import type { Casino } from "../../../bindings/casino";

/**
 * docs/decisions.md §3: the server never spends gas for an address with nothing at stake. A commitment
 * (setCommitment, about 80k gas) is posted only for a wallet that could place a bet now: its
 * Casino vault holds at least the minimum bet of DEGEN or of BNB, or its wallet holds the minimum
 * DEGEN bet and has approved the Casino for it (playGame then takes the stake by allowance). A BNB
 * balance in the wallet does not count: it is at stake only once deposited. Getting there costs a
 * player a deposit or an approval, about the gas the commitment costs the house, so keys that only
 * signed in (which is free) cannot make the settler spend (server/README.md, Gas and budgets).
 */
export class StakeCheck {
  constructor(
    private readonly casino: Casino,
    private readonly token: DegenToken,
    private readonly addresses: { casino: string; degen: string },
  ) {}

  /** Throws a 403 naming the minimums when the player has nothing at stake. */
  async require(player: string): Promise<void> {
    const { casino, degen } = this.addresses;
    const [minDegen, minBnb, vaultDegen, vaultBnb] = await Promise.all([
      this.casino.minBet(degen),
      this.casino.minBet(ZeroAddress),
      this.casino.getBalance(player, degen),
      this.casino.getBalance(player, ZeroAddress),
    ]);
    if (vaultDegen >= minDegen || vaultBnb >= minBnb) return;
    const [allowance, held] = await Promise.all([this.token.allowance(player, casino), this.token.balanceOf(player)]);
    if (allowance >= minDegen && held >= minDegen) return;
    throw forbidden(
      `Deposit at least ${formatAmount(minDegen)} DEGEN or ${formatAmount(minBnb)} BNB into the Casino (or approve it for ${formatAmount(minDegen)} DEGEN you hold) before betting: the house posts commitments only for wallets with a stake`,
    );
  }
}
