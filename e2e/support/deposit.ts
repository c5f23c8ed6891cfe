// Funds moved into the Casino from Node, for the browser tests and the benches alike: no test
// runner's API here, so that a bench run by tsx can import it (bench/web3-play.ts).
import { Wallet, type JsonRpcProvider } from "ethers";
import type { Casino } from "../../typechain-types/contracts/Casino";
import { DegenToken__factory } from "../../typechain-types/factories/contracts/DegenToken.sol/DegenToken__factory";
import { devAccount } from "./test-wallet";

/** Moves tokens from a dev account's wallet into its Casino vault, from Node, before its page connects. */
export async function depositFromNode(provider: JsonRpcProvider, casino: Casino, account: number, amounts: { DEGEN?: bigint; BNB?: bigint }): Promise<void> {
  const signer = new Wallet(devAccount(account).privateKey, provider);
  const player = casino.connect(signer) as Casino;
  const degenAddress = await casino.degen();
  if (amounts.DEGEN) {
    await (await DegenToken__factory.connect(degenAddress, signer).approve(await casino.getAddress(), amounts.DEGEN)).wait();
    await (await player.deposit(degenAddress, amounts.DEGEN)).wait();
  }
  if (amounts.BNB) await (await player.deposit("0x0000000000000000000000000000000000000000", amounts.BNB, { value: amounts.BNB })).wait();
}
