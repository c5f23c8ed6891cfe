// Finding R1-6 (round 1, docs/findings.md): the settler could move a player's money without the player. swapFor and
// withdrawFor ran on the settler's word alone: a swap front-ran a player's withdraw(10 BNB), which
// then reverted, leaving the vault at 0 BNB and 110,000 DEGEN. Now a relay needs the player's own
// EIP-712 signature (player, token(s), amount, nonce, deadline), checked on chain by CasinoRelay.
import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, type Interface, type Signer, type TypedDataDomain } from "ethers";
import { deployCasino, NATIVE } from "../helpers";
import type { CasinoFixture } from "../helpers";
import type { MockContractWallet } from "../../typechain-types";
import { SWAP_TYPES, WITHDRAW_TYPES, type SwapRequest, type WithdrawRequest } from "../support";
import { gasCost, mineTogether, revertDataOf } from "./support";

async function relayFixture() {
  const f = await deployCasino();
  const [alice, bob] = f.players;
  await f.casino.connect(alice).deposit(NATIVE, parseEther("10"), { value: parseEther("10") });
  await f.casino.connect(alice).deposit(f.tokenAddress, parseEther("100000"));
  const domain: TypedDataDomain = { name: "DEGEN Casino", version: "1", chainId: f.chainId, verifyingContract: await f.relay.getAddress() };
  return { ...f, alice, bob, domain };
}

type RelayFixture = CasinoFixture & { domain: TypedDataDomain };

async function signWithdraw(f: RelayFixture, signer: Signer, request: WithdrawRequest, nonce?: bigint): Promise<string> {
  const value = { ...request, nonce: nonce ?? (await f.relay.nonces(request.player)) };
  return signer.signTypedData(f.domain, WITHDRAW_TYPES, value);
}

async function signSwap(f: RelayFixture, signer: Signer, request: SwapRequest, nonce?: bigint): Promise<string> {
  const value = { ...request, nonce: nonce ?? (await f.relay.nonces(request.player)) };
  return signer.signTypedData(f.domain, SWAP_TYPES, value);
}

async function inAnHour(): Promise<bigint> {
  return BigInt(await time.latest()) + 3600n;
}

describe("Finding R1-6: nobody moves a player's vault without the player's signature", function () {
  it("the review's front-run fails: the settler's swapFor in the same block gets NotRelay and the player's withdraw(10 BNB) goes through", async function () {
    const f = await loadFixture(relayFixture);
    const { casino, swapDesk, settler, alice, tokenAddress } = f;
    const wallet = await ethers.provider.getBalance(alice.address);
    const fee = (await ethers.provider.getFeeData()).maxFeePerGas!;
    const [frontRun, withdrawal] = await mineTogether([
      () =>
        swapDesk.connect(settler).swapFor(alice.address, NATIVE, parseEther("10"), 0, { gasLimit: 300_000, maxFeePerGas: fee * 2n, maxPriorityFeePerGas: fee }),
      () => casino.connect(alice).withdraw(NATIVE, parseEther("10"), { gasLimit: 300_000 }),
    ]);
    expect(frontRun.blockNumber).to.equal(withdrawal.blockNumber);
    expect([frontRun.index, withdrawal.index]).to.deep.equal([0, 1]);
    expect([frontRun.status, withdrawal.status]).to.deep.equal([0, 1]);
    expect(swapDesk.interface.parseError(await revertDataOf(frontRun.hash))!.name).to.equal("NotRelay");
    expect(await casino.getBalance(alice.address, NATIVE)).to.equal(0n);
    expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(parseEther("100000"));
    expect(await ethers.provider.getBalance(alice.address)).to.equal(wallet + parseEther("10") - gasCost(withdrawal));
  });

  it("the settler key and strangers get NotRelay on Casino.withdrawFor and CasinoSwap.swapFor, NotSwapDesk on Casino.exchange", async function () {
    const f = await loadFixture(relayFixture);
    const { casino, swapDesk, settler, stranger, owner, alice, tokenAddress } = f;
    for (const caller of [settler, stranger, owner, alice]) {
      await expect(casino.connect(caller).withdrawFor(alice.address, NATIVE, parseEther("1"))).to.be.revertedWithCustomError(casino, "NotRelay");
      await expect(casino.connect(caller).withdrawFor(alice.address, tokenAddress, parseEther("1"))).to.be.revertedWithCustomError(casino, "NotRelay");
      await expect(swapDesk.connect(caller).swapFor(alice.address, tokenAddress, parseEther("1000"), 0)).to.be.revertedWithCustomError(swapDesk, "NotRelay");
      await expect(casino.connect(caller).exchange(alice.address, tokenAddress, parseEther("1000"), parseEther("0.1"))).to.be.revertedWithCustomError(
        casino,
        "NotSwapDesk",
      );
    }
    const abi: Interface = casino.interface; // the plain Interface: look names up that the typed one does not know
    expect(abi.getFunction("swap")).to.equal(null);
    expect(abi.getFunction("swapFor")).to.equal(null);
    expect(await casino.getBalance(alice.address, NATIVE)).to.equal(parseEther("10"));
    expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(parseEther("100000"));
  });

  it("a signed withdrawal is carried out once by anyone; a replay, an expired deadline, another key's signature or a changed field is refused", async function () {
    const f = await loadFixture(relayFixture);
    const { casino, relay, settler, stranger, alice, bob } = f;
    const request = { player: alice.address, token: NATIVE, amount: parseEther("4"), deadline: await inAnHour() };
    const signature = await signWithdraw(f, alice, request);
    // Another key, or the same signature over changed fields, is refused.
    await expect(relay.connect(stranger).withdraw(request, await signWithdraw(f, bob, request))).to.be.revertedWithCustomError(relay, "InvalidSignature");
    await expect(relay.connect(stranger).withdraw({ ...request, amount: parseEther("5") }, signature)).to.be.revertedWithCustomError(relay, "InvalidSignature");
    await expect(relay.connect(stranger).withdraw({ ...request, player: bob.address }, signature)).to.be.revertedWithCustomError(relay, "InvalidSignature");
    await expect(relay.connect(stranger).withdraw({ ...request, deadline: request.deadline + 1n }, signature)).to.be.revertedWithCustomError(
      relay,
      "InvalidSignature",
    );
    expect(await relay.nonces(alice.address)).to.equal(0n);

    // The real one, sent by the settler (it pays the gas): the BNB goes to the player, exactly.
    const wallet = await ethers.provider.getBalance(alice.address);
    await expect(relay.connect(settler).withdraw(request, signature)).to.emit(casino, "Withdrawn").withArgs(alice.address, NATIVE, parseEther("4"));
    expect(await ethers.provider.getBalance(alice.address)).to.equal(wallet + parseEther("4"));
    expect(await casino.getBalance(alice.address, NATIVE)).to.equal(parseEther("6"));
    expect(await relay.nonces(alice.address)).to.equal(1n);
    // Replayed: the nonce is spent.
    await expect(relay.connect(settler).withdraw(request, signature)).to.be.revertedWithCustomError(relay, "InvalidSignature");

    // Expired: good up to its deadline, refused one second later.
    const expiring = { player: alice.address, token: NATIVE, amount: parseEther("1"), deadline: BigInt(await time.latest()) + 100n };
    const late = await signWithdraw(f, alice, expiring);
    await time.setNextBlockTimestamp(expiring.deadline + 1n);
    await expect(relay.connect(stranger).withdraw(expiring, late)).to.be.revertedWithCustomError(relay, "SignatureExpired").withArgs(expiring.deadline);
    const onTime = { ...expiring, deadline: expiring.deadline + 100n };
    const onTimeSignature = await signWithdraw(f, alice, onTime);
    await time.setNextBlockTimestamp(onTime.deadline);
    await expect(relay.connect(stranger).withdraw(onTime, onTimeSignature)).to.emit(casino, "Withdrawn").withArgs(alice.address, NATIVE, parseEther("1"));
    expect(await casino.getBalance(alice.address, NATIVE)).to.equal(parseEther("5"));
  });

  it("useNonce() cancels a signature given out but not yet used", async function () {
    const f = await loadFixture(relayFixture);
    const { relay, stranger, alice, casino, tokenAddress } = f;
    const request = { player: alice.address, token: tokenAddress, amount: parseEther("50000"), deadline: await inAnHour() };
    const signature = await signWithdraw(f, alice, request);
    await relay.connect(alice).useNonce();
    expect(await relay.nonces(alice.address)).to.equal(1n);
    await expect(relay.connect(stranger).withdraw(request, signature)).to.be.revertedWithCustomError(relay, "InvalidSignature");
    expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(parseEther("100000"));
  });

  it("a signed swap is carried out once; a wrong toToken, a lower minimum or a replay is refused", async function () {
    const f = await loadFixture(relayFixture);
    const { casino, relay, swapDesk, settler, alice, tokenAddress } = f;
    const request = {
      player: alice.address,
      fromToken: tokenAddress,
      toToken: NATIVE,
      amount: parseEther("10000"),
      minAmountOut: parseEther("1"),
      deadline: await inAnHour(),
    };
    // Signed with a toToken that is not the other token: refused even though the signature is the player's.
    for (const toToken of [tokenAddress, alice.address]) {
      const wrong = { ...request, toToken };
      await expect(relay.connect(settler).swap(wrong, await signSwap(f, alice, wrong))).to.be.revertedWithCustomError(relay, "InvalidSignature");
    }
    const signature = await signSwap(f, alice, request);
    await expect(relay.connect(settler).swap({ ...request, minAmountOut: 0n }, signature)).to.be.revertedWithCustomError(relay, "InvalidSignature");
    // A withdrawal signature does not authorise a swap.
    const asWithdraw = await signWithdraw(f, alice, { player: alice.address, token: tokenAddress, amount: request.amount, deadline: request.deadline });
    await expect(relay.connect(settler).swap(request, asWithdraw)).to.be.revertedWithCustomError(relay, "InvalidSignature");

    await expect(relay.connect(settler).swap(request, signature))
      .to.emit(casino, "Swapped")
      .withArgs(alice.address, tokenAddress, parseEther("10000"), parseEther("1"));
    expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(parseEther("90000"));
    expect(await casino.getBalance(alice.address, NATIVE)).to.equal(parseEther("11"));
    await expect(relay.connect(settler).swap(request, signature)).to.be.revertedWithCustomError(relay, "InvalidSignature");

    // The player's minimum is enforced: asking 1.01 BNB for 10,000 DEGEN fails.
    const greedy = { ...request, minAmountOut: parseEther("1.01") };
    await expect(relay.connect(settler).swap(greedy, await signSwap(f, alice, greedy)))
      .to.be.revertedWithCustomError(swapDesk, "SwapBelowMinimum")
      .withArgs(parseEther("1"), parseEther("1.01"));
  });

  it("the player's own withdraw works without any relay, also while paused", async function () {
    const f = await loadFixture(relayFixture);
    const { casino, owner, alice, tokenAddress, token } = f;
    await casino.connect(owner).pause();
    const wallet = await ethers.provider.getBalance(alice.address);
    const receipt = (await (await casino.connect(alice).withdraw(NATIVE, parseEther("10"))).wait())!;
    expect(await ethers.provider.getBalance(alice.address)).to.equal(wallet + parseEther("10") - gasCost(receipt));
    const degen = await token.balanceOf(alice.address);
    await expect(casino.connect(alice).withdraw(tokenAddress, parseEther("100000")))
      .to.emit(casino, "Withdrawn")
      .withArgs(alice.address, tokenAddress, parseEther("100000"));
    expect(await token.balanceOf(alice.address)).to.equal(degen + parseEther("100000"));
    expect(await casino.getBalance(alice.address, NATIVE)).to.equal(0n);
    expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(0n);
  });

  it("an EIP-1271 contract wallet's signature (its owner EOA's, checked by isValidSignature) is accepted; another key's is not", async function () {
    const f = await loadFixture(relayFixture);
    const { casino, relay, settler, alice, bob, tokenAddress } = f;
    const wallet = (await (await ethers.getContractFactory("MockContractWallet")).deploy(alice.address)) as unknown as MockContractWallet;
    const walletAddress = await wallet.getAddress();
    await wallet.connect(alice).execute(f.casinoAddress, parseEther("3"), casino.interface.encodeFunctionData("deposit", [NATIVE, parseEther("3")]), {
      value: parseEther("3"),
    });
    expect(await casino.getBalance(walletAddress, NATIVE)).to.equal(parseEther("3"));

    const request = { player: walletAddress, token: NATIVE, amount: parseEther("2"), deadline: await inAnHour() };
    await expect(relay.connect(settler).withdraw(request, await signWithdraw(f, bob, request))).to.be.revertedWithCustomError(relay, "InvalidSignature");
    const signature = await signWithdraw(f, alice, request);
    await expect(relay.connect(settler).withdraw(request, signature)).to.emit(casino, "Withdrawn").withArgs(walletAddress, NATIVE, parseEther("2"));
    expect(await ethers.provider.getBalance(walletAddress)).to.equal(parseEther("2"));
    expect(await casino.getBalance(walletAddress, NATIVE)).to.equal(parseEther("1"));
    await expect(relay.connect(settler).withdraw(request, signature)).to.be.revertedWithCustomError(relay, "InvalidSignature");

    // A swap for the wallet, signed by its owner.
    const swap = {
      player: walletAddress,
      fromToken: NATIVE,
      toToken: tokenAddress,
      amount: parseEther("0.5"),
      minAmountOut: parseEther("5000"),
      deadline: await inAnHour(),
    };
    await expect(relay.connect(settler).swap(swap, await signSwap(f, alice, swap)))
      .to.emit(casino, "Swapped")
      .withArgs(walletAddress, NATIVE, parseEther("0.5"), parseEther("5000"));
    expect(await casino.getBalance(walletAddress, tokenAddress)).to.equal(parseEther("5000"));
  });
});
