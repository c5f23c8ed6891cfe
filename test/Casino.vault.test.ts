import { expect } from "chai";
import { loadFixture } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, ZeroAddress } from "ethers";
import { deployCasino, NATIVE, PLAYER_DEGEN, BANKROLL_NATIVE, BANKROLL_DEGEN } from "./helpers";

describe("Casino vault, swap and relays", function () {
  it("deposits DEGEN by allowance and BNB by value, and reports them with getBalance", async function () {
    const { casino, token, tokenAddress, players } = await loadFixture(deployCasino);
    const [alice] = players;
    await expect(casino.connect(alice).deposit(tokenAddress, parseEther("250")))
      .to.emit(casino, "Deposited")
      .withArgs(alice.address, tokenAddress, parseEther("250"));
    await expect(casino.connect(alice).deposit(NATIVE, parseEther("2"), { value: parseEther("2") }))
      .to.emit(casino, "Deposited")
      .withArgs(alice.address, NATIVE, parseEther("2"));
    expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(parseEther("250"));
    expect(await casino.getBalance(alice.address, NATIVE)).to.equal(parseEther("2"));
    expect(await token.balanceOf(alice.address)).to.equal(PLAYER_DEGEN - parseEther("250"));
  });

  it("refuses zero deposits, unknown tokens and a value that does not match", async function () {
    const { casino, token, tokenAddress, players, stranger } = await loadFixture(deployCasino);
    const [alice] = players;
    await expect(casino.connect(alice).deposit(tokenAddress, 0)).to.be.revertedWithCustomError(casino, "ZeroAmount");
    await expect(casino.connect(alice).deposit(stranger.address, 1)).to.be.revertedWithCustomError(casino, "UnsupportedToken").withArgs(stranger.address);
    await expect(casino.connect(alice).deposit(NATIVE, 2, { value: 1 })).to.be.revertedWithCustomError(casino, "ValueMismatch").withArgs(1, 2);
    await expect(casino.connect(alice).deposit(tokenAddress, 2, { value: 1 })).to.be.revertedWithCustomError(casino, "ValueMismatch").withArgs(1, 0);
    await expect(casino.connect(stranger).deposit(tokenAddress, 1)).to.be.revertedWithCustomError(token, "ERC20InsufficientAllowance");
  });

  it("withdraws to the player, also while paused, and refuses more than the free balance", async function () {
    const { casino, token, tokenAddress, players } = await loadFixture(deployCasino);
    const [alice] = players;
    await casino.connect(alice).deposit(tokenAddress, parseEther("100"));
    await casino.connect(alice).deposit(NATIVE, parseEther("1"), { value: parseEther("1") });
    await casino.pause();
    await expect(casino.connect(alice).withdraw(tokenAddress, parseEther("40")))
      .to.emit(casino, "Withdrawn")
      .withArgs(alice.address, tokenAddress, parseEther("40"));
    expect(await token.balanceOf(alice.address)).to.equal(PLAYER_DEGEN - parseEther("60"));
    await expect(casino.connect(alice).withdraw(NATIVE, parseEther("0.25"))).to.changeEtherBalances(
      [alice, casino],
      [parseEther("0.25"), -parseEther("0.25")],
    );
    await expect(casino.connect(alice).withdraw(tokenAddress, parseEther("61")))
      .to.be.revertedWithCustomError(casino, "InsufficientBalance")
      .withArgs(parseEther("60"), parseEther("61"));
    await expect(casino.connect(alice).withdraw(NATIVE, 0)).to.be.revertedWithCustomError(casino, "ZeroAmount");
    await expect(casino.connect(alice).withdraw(alice.address, 1)).to.be.revertedWithCustomError(casino, "UnsupportedToken");
  });

  it("lets the settler relay a withdrawal only to the player whose balance it is", async function () {
    const { casino, tokenAddress, settler, players, stranger } = await loadFixture(deployCasino);
    const [alice, bob] = players;
    await casino.connect(alice).deposit(NATIVE, parseEther("1"), { value: parseEther("1") });
    await expect(casino.connect(settler).withdrawFor(alice.address, NATIVE, parseEther("0.4"))).to.changeEtherBalances(
      [alice, settler, casino],
      [parseEther("0.4"), 0n, -parseEther("0.4")],
    );
    await expect(casino.connect(settler).withdrawFor(bob.address, NATIVE, 1)).to.be.revertedWithCustomError(casino, "InsufficientBalance");
    await expect(casino.connect(stranger).withdrawFor(alice.address, NATIVE, 1)).to.be.revertedWithCustomError(casino, "NotSettler");
    await expect(casino.connect(alice).withdrawFor(alice.address, NATIVE, 1)).to.be.revertedWithCustomError(casino, "NotSettler");
    await expect(casino.connect(settler).withdrawFor(alice.address, tokenAddress, 1)).to.be.revertedWithCustomError(casino, "InsufficientBalance");
  });

  it("swaps at 1 DEGEN = 0.0001 BNB both ways against the bankroll", async function () {
    const { casino, tokenAddress, players } = await loadFixture(deployCasino);
    const [alice] = players;
    await casino.connect(alice).deposit(tokenAddress, parseEther("10000"));
    await expect(casino.connect(alice).swap(tokenAddress, parseEther("10000")))
      .to.emit(casino, "Swapped")
      .withArgs(alice.address, tokenAddress, parseEther("10000"), parseEther("1"));
    expect(await casino.getBalance(alice.address, NATIVE)).to.equal(parseEther("1"));
    expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(0n);
    expect((await casino.house(NATIVE))[0]).to.equal(BANKROLL_NATIVE - parseEther("1"));
    expect((await casino.house(tokenAddress))[0]).to.equal(BANKROLL_DEGEN + parseEther("10000"));
    expect(await casino.connect(alice).swap.staticCall(NATIVE, parseEther("0.5"))).to.equal(parseEther("5000"));
    await casino.connect(alice).swap(NATIVE, parseEther("0.5"));
    expect(await casino.getBalance(alice.address, tokenAddress)).to.equal(parseEther("5000"));
  });

  it("refuses swaps of nothing, of dust that rounds to nothing, beyond the balance or the free bankroll", async function () {
    const { casino, tokenAddress, players, settler, stranger } = await loadFixture(deployCasino);
    const [alice] = players;
    await casino.connect(alice).deposit(NATIVE, parseEther("200"), { value: parseEther("200") });
    await expect(casino.connect(alice).swap(NATIVE, 0)).to.be.revertedWithCustomError(casino, "ZeroAmount");
    await expect(casino.connect(alice).swap(tokenAddress, 9_999)).to.be.revertedWithCustomError(casino, "ZeroAmount");
    await expect(casino.connect(alice).swap(tokenAddress, 10_000)).to.be.revertedWithCustomError(casino, "InsufficientBalance");
    // 200 BNB would need 2,000,000 DEGEN; fine. 600 BNB more than the 5,000,000 DEGEN bankroll can pay.
    await casino.connect(alice).deposit(NATIVE, parseEther("400"), { value: parseEther("400") });
    await expect(casino.connect(alice).swap(NATIVE, parseEther("600")))
      .to.be.revertedWithCustomError(casino, "InsufficientBankroll")
      .withArgs(BANKROLL_DEGEN, parseEther("6000000"));
    await expect(casino.connect(alice).swap(ZeroAddress, parseEther("1"))).to.emit(casino, "Swapped");
    await expect(casino.connect(settler).swapFor(alice.address, NATIVE, parseEther("1")))
      .to.emit(casino, "Swapped")
      .withArgs(alice.address, NATIVE, parseEther("1"), parseEther("10000"));
    await expect(casino.connect(stranger).swapFor(alice.address, NATIVE, 1)).to.be.revertedWithCustomError(casino, "NotSettler");
    await expect(casino.connect(alice).swap(stranger.address, 1)).to.be.revertedWithCustomError(casino, "UnsupportedToken");
  });
});
