// R4-2 (docs/findings.md): a stake leaves a vault only by a bet its player signed and the house
// accepted, settled at its outcome. The review: the server answered a signed bet with an error, the
// app's "Bet from my wallet instead" placed a wallet bet on the same nonce (its guard looked only at
// countersigned bets), and the settler then played the signed bet with a zero seed: the stake was
// forfeited (StakeForfeited 1,000 DEGEN, the vault 99,000 → 98,000). A wallet bet now takes the
// wallet's own nonce, a session's bets their lane's, and there is no forfeit.
import { expect } from "chai";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, ZeroHash } from "ethers";
import { eventsOf } from "../support";
import { deploySessions, laneFunds, openSession, payoutOf, play, signBet, walletBet } from "../../sessions/support";

describe("R4-2: a stake leaves the vault or a lane only by a bet the player signed and the house accepted", function () {
  it("a signed bet the server refused, then a wallet bet, then the refused bet played with a zero seed: skipped, nothing leaves, no forfeit exists", async function () {
    const f = await loadFixture(deploySessions);
    const [alice] = f.players;
    const session = await openSession(f, alice);
    const refused = await signBet(f, session, { amount: parseEther("1000") });
    const [vault, lane] = [await f.casino.getBalance(alice.address, f.tokenAddress), await laneFunds(f, session)];

    // "Bet from my wallet instead": the wallet's own lane, its own nonce.
    const wallet = await walletBet(f, alice, { amount: parseEther("10") });
    await wallet.send();
    expect(wallet.bet.nonce, "the wallet lane's nonce").to.equal(0n);
    expect(refused.signed.bet.nonce >> 32n, "the session's lane").to.equal(session.lane);

    // The settler plays the signed bet it never accepted with a zero seed.
    const receipt = (await (await play(f, [{ ...refused, seed: ZeroHash }])).wait())!;
    expect(eventsOf(receipt, f.casino, "BetSkipped").map((e) => e.args.reason)).to.deep.equal([f.casino.interface.getError("WrongSeed")!.selector]);
    expect(f.casino.interface.getEvent("StakeForfeited" as never), "no forfeit in the Casino's interface").to.equal(null);
    expect(await laneFunds(f, session), "the lane, to the wei").to.deep.equal(lane);
    expect(await f.casino.getBalance(alice.address, f.tokenAddress), "the vault, less the wallet bet's own stake").to.equal(vault - parseEther("10"));

    // Played with its seed, it would be the house's acceptance of it: settled at its outcome, from the lane.
    const payout = await payoutOf(f, refused.signed.bet, refused.seed);
    await play(f, [refused]);
    expect(await laneFunds(f, session)).to.deep.equal([lane[0] - parseEther("1000") + payout, lane[1]]);
  });
});
