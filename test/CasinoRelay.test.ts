import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, TypedDataEncoder } from "ethers";
import { deployCasino, NATIVE } from "./helpers";
import { relayDomain, signSwap, signWithdraw, SWAP_TYPES, WITHDRAW_TYPES } from "./support";

/** The Casino with alice holding 10,000 DEGEN and 2 BNB in her vault. */
async function relayFixture() {
  const f = await deployCasino();
  const [alice, bob] = f.players;
  await f.casino.connect(alice).deposit(f.tokenAddress, parseEther("10000"));
  await f.casino.connect(alice).deposit(NATIVE, parseEther("2"), { value: parseEther("2") });
  const deadline = BigInt(await time.latest()) + 3_600n;
  return { ...f, alice, bob, deadline };
}

describe("CasinoRelay", function () {
  it("is deployed by its Casino with the EIP-712 domain DEGEN Casino / 1 and the Withdraw and Swap types", async function () {
    const { casino, relay, tokenAddress, casinoAddress, chainId } = await loadFixture(relayFixture);
    const relayAddress = await relay.getAddress();
    expect(await casino.relay()).to.equal(relayAddress);
    expect(await relay.casino()).to.equal(casinoAddress);
    expect(await relay.degen()).to.equal(tokenAddress);
    const domain = await relayDomain(relay);
    expect(domain).to.deep.equal({ name: "DEGEN Casino", version: "1", chainId, verifyingContract: relayAddress });
    expect(await relay.domainSeparator()).to.equal(TypedDataEncoder.hashDomain(domain));
    const eip712 = await relay.eip712Domain();
    expect([eip712.name, eip712.version, eip712.chainId, eip712.verifyingContract]).to.deep.equal(["DEGEN Casino", "1", chainId, relayAddress]);
    expect(await relay.WITHDRAW_TYPEHASH()).to.equal(ethers.id(TypedDataEncoder.from(WITHDRAW_TYPES).encodeType("Withdraw")));
    expect(await relay.SWAP_TYPEHASH()).to.equal(ethers.id(TypedDataEncoder.from(SWAP_TYPES).encodeType("Swap")));
  });

  it("carries out a signed withdrawal for whoever submits it, once", async function () {
    const { casino, relay, token, tokenAddress, stranger, alice, deadline } = await loadFixture(relayFixture);
    const request = { player: alice.address, token: tokenAddress, amount: parseEther("2500"), deadline };
    const signature = await signWithdraw(relay, alice, request);
    const wallet = await token.balanceOf(alice.address);
    await expect(relay.connect(stranger).withdraw(request, signature)).to.emit(casino, "Withdrawn").withArgs(alice.address, tokenAddress, parseEther("2500"));
    expect(await token.balanceOf(alice.address)).to.equal(wallet + parseEther("2500"));
    expect(await token.balanceOf(stranger.address)).to.equal(0n);
    expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(parseEther("7500"));
    expect(await relay.nonces(alice.address)).to.equal(1n);
    await expect(relay.connect(stranger).withdraw(request, signature)).to.be.revertedWithCustomError(relay, "InvalidSignature");
  });

  it("accepts a signature up to its deadline and refuses it after", async function () {
    const { relay, stranger, alice } = await loadFixture(relayFixture);
    const deadline = BigInt(await time.latest()) + 60n;
    const request = { player: alice.address, token: NATIVE, amount: parseEther("0.1"), deadline };
    const signature = await signWithdraw(relay, alice, request);
    await time.setNextBlockTimestamp(deadline + 1n);
    await expect(relay.connect(stranger).withdraw(request, signature)).to.be.revertedWithCustomError(relay, "SignatureExpired").withArgs(deadline);

    const onTime = { ...request, deadline: deadline + 10n };
    const onTimeSignature = await signWithdraw(relay, alice, onTime);
    await time.setNextBlockTimestamp(onTime.deadline);
    await expect(relay.connect(stranger).withdraw(onTime, onTimeSignature)).to.changeEtherBalance(alice, parseEther("0.1"));
  });

  it("refuses a signature by anyone but the player, of another request, nonce, relay or chain", async function () {
    const { relay, tokenAddress, chainId, stranger, alice, bob, deadline } = await loadFixture(relayFixture);
    const request = { player: alice.address, token: tokenAddress, amount: parseEther("1"), deadline };
    const refused = async (signature: string, sent = request) =>
      expect(relay.connect(stranger).withdraw(sent, signature)).to.be.revertedWithCustomError(relay, "InvalidSignature");
    await refused(await signWithdraw(relay, bob, request));
    await refused(await signWithdraw(relay, alice, request), { ...request, amount: parseEther("2") });
    await refused(await signWithdraw(relay, alice, request), { ...request, token: NATIVE });
    await refused(await signWithdraw(relay, alice, request, 1n));
    const domain = await relayDomain(relay);
    const value = { ...request, nonce: 0n };
    await refused(await alice.signTypedData({ ...domain, verifyingContract: tokenAddress }, WITHDRAW_TYPES, value));
    await refused(await alice.signTypedData({ ...domain, chainId: chainId + 1n }, WITHDRAW_TYPES, value));
    await refused("0x1234");
  });

  it("relays a signed withdrawal of a token the Casino does not hold into the Casino's refusal", async function () {
    const { casino, relay, stranger, alice, deadline } = await loadFixture(relayFixture);
    const request = { player: alice.address, token: stranger.address, amount: 1n, deadline };
    await expect(relay.connect(stranger).withdraw(request, await signWithdraw(relay, alice, request)))
      .to.be.revertedWithCustomError(casino, "UnsupportedToken")
      .withArgs(stranger.address);
  });

  it("lets a player cancel a signature given out by spending its nonce", async function () {
    const { relay, stranger, alice, deadline } = await loadFixture(relayFixture);
    const request = { player: alice.address, token: NATIVE, amount: parseEther("1"), deadline };
    const signature = await signWithdraw(relay, alice, request);
    await relay.connect(alice).useNonce();
    expect(await relay.nonces(alice.address)).to.equal(1n);
    await expect(relay.connect(stranger).withdraw(request, signature)).to.be.revertedWithCustomError(relay, "InvalidSignature");
  });

  it("carries out a signed swap through the desk, and refuses one that names a token the Casino does not pay out", async function () {
    const { casino, relay, swapDesk, tokenAddress, stranger, alice, deadline } = await loadFixture(relayFixture);
    const request = { player: alice.address, fromToken: NATIVE, toToken: tokenAddress, amount: parseEther("1"), minAmountOut: parseEther("10000"), deadline };
    await expect(relay.connect(stranger).swap(request, await signSwap(relay, alice, request)))
      .to.emit(casino, "Swapped")
      .withArgs(alice.address, NATIVE, parseEther("1"), parseEther("10000"));
    expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(parseEther("20000"));
    expect(await relay.nonces(alice.address)).to.equal(1n);

    const tooGreedy = { ...request, minAmountOut: parseEther("10000") + 1n };
    await expect(relay.connect(stranger).swap(tooGreedy, await signSwap(relay, alice, tooGreedy)))
      .to.be.revertedWithCustomError(swapDesk, "SwapBelowMinimum")
      .withArgs(parseEther("10000"), parseEther("10000") + 1n);
    for (const [fromToken, toToken] of [
      [NATIVE, NATIVE],
      [tokenAddress, tokenAddress],
      [tokenAddress, stranger.address],
    ]) {
      const odd = { ...request, fromToken, toToken };
      await expect(relay.connect(stranger).swap(odd, await signSwap(relay, alice, odd)), `${fromToken} -> ${toToken}`).to.be.revertedWithCustomError(
        relay,
        "InvalidSignature",
      );
    }
    const expired = { ...request, deadline: BigInt(await time.latest()) - 1n };
    await expect(relay.connect(stranger).swap(expired, await signSwap(relay, alice, expired)))
      .to.be.revertedWithCustomError(relay, "SignatureExpired")
      .withArgs(expired.deadline);
    await expect(relay.connect(stranger).swap(request, await signSwap(relay, stranger, request))).to.be.revertedWithCustomError(relay, "InvalidSignature");
  });
});
