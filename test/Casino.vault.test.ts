import { expect } from "chai";
import { ethers } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther } from "ethers";
import { deployCasino, NATIVE, PLAYER_DEGEN, BANKROLL_NATIVE, BANKROLL_DEGEN } from "./helpers";
import { signWithdraw } from "./support";

describe("Casino vault, swap and relays", function () {
  it("deposits DEGEN by allowance and BNB by value, reports them with getBalance and books them as owed", async function () {
    const { casino, token, tokenAddress, casinoAddress, players } = await loadFixture(deployCasino);
    const [alice] = players;
    const [owedDegen, owedNative] = await Promise.all([casino.accounted(tokenAddress), casino.accounted(NATIVE)]);
    await expect(casino.connect(alice).deposit(tokenAddress, parseEther("250")))
      .to.emit(casino, "Deposited")
      .withArgs(alice.address, tokenAddress, parseEther("250"));
    await expect(casino.connect(alice).deposit(NATIVE, parseEther("2"), { value: parseEther("2") }))
      .to.emit(casino, "Deposited")
      .withArgs(alice.address, NATIVE, parseEther("2"));
    expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(parseEther("250"));
    expect(await casino.getBalance(alice.address, NATIVE)).to.equal(parseEther("2"));
    expect(await token.balanceOf(alice.address)).to.equal(PLAYER_DEGEN - parseEther("250"));
    expect(await casino.accounted(tokenAddress)).to.equal(owedDegen + parseEther("250"));
    expect(await casino.accounted(NATIVE)).to.equal(owedNative + parseEther("2"));
    expect(await token.balanceOf(casinoAddress)).to.equal(await casino.accounted(tokenAddress));
    expect(await ethers.provider.getBalance(casinoAddress)).to.equal(await casino.accounted(NATIVE));
  });

  it("refuses zero deposits, unknown tokens and a value that does not match", async function () {
    const { casino, token, tokenAddress, players, stranger } = await loadFixture(deployCasino);
    const [alice] = players;
    await expect(casino.connect(alice).deposit(tokenAddress, 0)).to.be.revertedWithCustomError(casino, "ZeroAmount");
    await expect(casino.connect(alice).deposit(stranger.address, 1)).to.be.revertedWithCustomError(casino, "UnsupportedToken").withArgs(stranger.address);
    await expect(casino.connect(alice).deposit(NATIVE, 2, { value: 1 }))
      .to.be.revertedWithCustomError(casino, "ValueMismatch")
      .withArgs(1, 2);
    await expect(casino.connect(alice).deposit(tokenAddress, 2, { value: 1 }))
      .to.be.revertedWithCustomError(casino, "ValueMismatch")
      .withArgs(1, 0);
    await expect(casino.connect(stranger).deposit(tokenAddress, 1)).to.be.revertedWithCustomError(token, "ERC20InsufficientAllowance");
  });

  it("withdraws to the player, also while paused, and refuses more than the free balance", async function () {
    const { casino, token, tokenAddress, players } = await loadFixture(deployCasino);
    const [alice] = players;
    await casino.connect(alice).deposit(tokenAddress, parseEther("100"));
    await casino.connect(alice).deposit(NATIVE, parseEther("1"), { value: parseEther("1") });
    const [owedDegen, owedNative] = await Promise.all([casino.accounted(tokenAddress), casino.accounted(NATIVE)]);
    await casino.pause();
    await expect(casino.connect(alice).withdraw(tokenAddress, parseEther("40")))
      .to.emit(casino, "Withdrawn")
      .withArgs(alice.address, tokenAddress, parseEther("40"));
    expect(await token.balanceOf(alice.address)).to.equal(PLAYER_DEGEN - parseEther("60"));
    await expect(casino.connect(alice).withdraw(NATIVE, parseEther("0.25"))).to.changeEtherBalances([alice, casino], [parseEther("0.25"), -parseEther("0.25")]);
    expect(await casino.accounted(tokenAddress)).to.equal(owedDegen - parseEther("40"));
    expect(await casino.accounted(NATIVE)).to.equal(owedNative - parseEther("0.25"));
    await expect(casino.connect(alice).withdraw(tokenAddress, parseEther("61")))
      .to.be.revertedWithCustomError(casino, "InsufficientBalance")
      .withArgs(parseEther("60"), parseEther("61"));
    await expect(casino.connect(alice).withdraw(NATIVE, 0)).to.be.revertedWithCustomError(casino, "ZeroAmount");
    await expect(casino.connect(alice).withdraw(alice.address, 1)).to.be.revertedWithCustomError(casino, "UnsupportedToken").withArgs(alice.address);
  });

  it("relays a withdrawal the player signed, paying the player only, and no longer lets the settler withdraw for anyone", async function () {
    const { casino, relay, settler, players, stranger } = await loadFixture(deployCasino);
    const [alice, bob] = players;
    await casino.connect(alice).deposit(NATIVE, parseEther("1"), { value: parseEther("1") });
    const deadline = BigInt(await time.latest()) + 600n;
    const request = { player: alice.address, token: NATIVE, amount: parseEther("0.4"), deadline };
    const signature = await signWithdraw(relay, alice, request);
    const relayed = relay.connect(stranger).withdraw(request, signature);
    await expect(relayed).to.emit(casino, "Withdrawn").withArgs(alice.address, NATIVE, parseEther("0.4"));
    await expect(relayed).to.changeEtherBalances([alice, stranger, casino], [parseEther("0.4"), 0n, -parseEther("0.4")]);
    expect(await casino.getBalance(alice.address, NATIVE)).to.equal(parseEther("0.6"));
    expect(await relay.nonces(alice.address)).to.equal(1n);
    // A signature for a player whose vault is short fails in the Casino, and uses no nonce.
    const bobRequest = { player: bob.address, token: NATIVE, amount: 1n, deadline };
    await expect(relay.withdraw(bobRequest, await signWithdraw(relay, bob, bobRequest)))
      .to.be.revertedWithCustomError(casino, "InsufficientBalance")
      .withArgs(0, 1);
    expect(await relay.nonces(bob.address)).to.equal(0n);
    for (const caller of [settler, alice, stranger]) {
      await expect(casino.connect(caller).withdrawFor(alice.address, NATIVE, 1)).to.be.revertedWithCustomError(casino, "NotRelay");
    }
  });

  it("swaps vault balances at 1 DEGEN = 0.0001 BNB both ways through the swap desk, against the bankroll", async function () {
    const { casino, swapDesk, tokenAddress, players } = await loadFixture(deployCasino);
    const [alice] = players;
    await casino.connect(alice).deposit(tokenAddress, parseEther("10000"));
    const [owedDegen, owedNative] = await Promise.all([casino.accounted(tokenAddress), casino.accounted(NATIVE)]);
    expect(await swapDesk.connect(alice).swap.staticCall(tokenAddress, parseEther("10000"), parseEther("1"))).to.equal(parseEther("1"));
    await expect(swapDesk.connect(alice).swap(tokenAddress, parseEther("10000"), parseEther("1")))
      .to.emit(casino, "Swapped")
      .withArgs(alice.address, tokenAddress, parseEther("10000"), parseEther("1"));
    expect(await casino.getBalance(alice.address, NATIVE)).to.equal(parseEther("1"));
    expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(0n);
    expect(await casino.house(NATIVE)).to.deep.equal([BANKROLL_NATIVE - parseEther("1"), 0n]);
    expect(await casino.house(tokenAddress)).to.deep.equal([BANKROLL_DEGEN + parseEther("10000"), 0n]);
    await expect(swapDesk.connect(alice).swap(NATIVE, parseEther("0.5"), 0))
      .to.emit(casino, "Swapped")
      .withArgs(alice.address, NATIVE, parseEther("0.5"), parseEther("5000"));
    expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(parseEther("5000"));
    expect(await casino.getBalance(alice.address, NATIVE)).to.equal(parseEther("0.5"));
    expect(await casino.house(NATIVE)).to.deep.equal([BANKROLL_NATIVE - parseEther("0.5"), 0n]);
    expect(await casino.house(tokenAddress)).to.deep.equal([BANKROLL_DEGEN + parseEther("5000"), 0n]);
    // A swap moves value inside the Casino: nothing enters or leaves.
    expect(await casino.accounted(tokenAddress)).to.equal(owedDegen);
    expect(await casino.accounted(NATIVE)).to.equal(owedNative);
  });

  it("refuses swaps of nothing, of dust that rounds to nothing, beyond the balance, below the minimum or above the cap", async function () {
    const { casino, swapDesk, tokenAddress, players, stranger } = await loadFixture(deployCasino);
    const [alice] = players;
    await casino.connect(alice).deposit(NATIVE, parseEther("20"), { value: parseEther("20") });
    const asAlice = swapDesk.connect(alice);
    await expect(asAlice.swap(NATIVE, 0, 0)).to.be.revertedWithCustomError(swapDesk, "ZeroAmount");
    await expect(asAlice.swap(tokenAddress, 9_999, 0)).to.be.revertedWithCustomError(swapDesk, "ZeroAmount");
    await expect(asAlice.swap(tokenAddress, 10_000, 0))
      .to.be.revertedWithCustomError(casino, "InsufficientBalance")
      .withArgs(0, 10_000);
    await expect(asAlice.swap(NATIVE, parseEther("1"), parseEther("10000") + 1n))
      .to.be.revertedWithCustomError(swapDesk, "SwapBelowMinimum")
      .withArgs(parseEther("10000"), parseEther("10000") + 1n);
    // One swap may pay out 1 % of the free DEGEN bankroll: 50,000 DEGEN, i.e. 5 BNB's worth.
    await expect(asAlice.swap(NATIVE, parseEther("6"), 0))
      .to.be.revertedWithCustomError(swapDesk, "SwapAboveCap")
      .withArgs(parseEther("60000"), parseEther("50000"));
    await expect(asAlice.swap(NATIVE, parseEther("5"), parseEther("50000")))
      .to.emit(casino, "Swapped")
      .withArgs(alice.address, NATIVE, parseEther("5"), parseEther("50000"));
    await expect(asAlice.swap(stranger.address, 1, 0))
      .to.be.revertedWithCustomError(swapDesk, "UnsupportedToken")
      .withArgs(stranger.address);
  });
});
