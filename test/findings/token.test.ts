// Finding R1-10 (round 1, docs/findings.md): the token owner could tax ordinary wallets (flagging a plain holder as an
// AMM pair taxed a wallet-to-wallet transfer: 1,000 sent, 750 arrived), and renouncing ownership
// before openTrading would lock trading forever. Now only a pair contract holding DEGEN can be
// registered (PairSet announces it), renouncing before openTrading is refused, and ownership
// moves in two steps.
import { expect } from "chai";
import { ethers, network } from "hardhat";
import { loadFixture, time } from "@nomicfoundation/hardhat-network-helpers";
import { parseEther, ZeroAddress } from "ethers";
import { deployCasino, deployPair } from "../helpers";
import type { MockPair } from "../../typechain-types";

async function tokenFixture() {
  const f = await deployCasino();
  const other = await (await ethers.getContractFactory("MockERC20")).deploy("Wrapped BNB", "WBNB", parseEther("1000"));
  return { ...f, otherToken: await other.getAddress() };
}

async function deployMockPair(token0: string, token1: string): Promise<MockPair> {
  return (await (await ethers.getContractFactory("MockPair")).deploy(token0, token1)) as unknown as MockPair;
}

describe("Finding R1-10: the token owner cannot tax ordinary wallets or lock trading", function () {
  it("flagging a wallet or a contract that is not a DEGEN pair reverts NotAPair, and a wallet-to-wallet transfer is never taxed (1,000 sent, 1,000 arrive)", async function () {
    const f = await loadFixture(tokenFixture);
    const { token, owner, players, otherToken, casinoAddress } = f;
    const [alice, bob] = players;
    await expect(token.connect(owner).setPair(bob.address, true)).to.be.revertedWithCustomError(token, "NotAPair").withArgs(bob.address);
    const foreignPair = await deployMockPair(otherToken, otherToken);
    for (const contract of [otherToken, await f.relay.getAddress(), await f.swapDesk.getAddress(), await foreignPair.getAddress()]) {
      await expect(token.connect(owner).setPair(contract, true)).to.be.revertedWithCustomError(token, "NotAPair").withArgs(contract);
    }
    await expect(token.connect(owner).setPair(casinoAddress, true)).to.be.revertedWithCustomError(token, "CasinoCannotChangeRole");
    await expect(token.connect(owner).setPair(ZeroAddress, true)).to.be.revertedWithCustomError(token, "ZeroAddress");
    expect(await token.isPair(bob.address)).to.equal(false);

    // Right after openTrading (when trades pay 25 %) and an hour later (5 %): the transfer arrives whole.
    for (const wait of [0, 3600]) {
      if (wait > 0) await time.increase(wait);
      const [sent, received, supply] = await Promise.all([token.balanceOf(alice.address), token.balanceOf(bob.address), token.totalSupply()]);
      await expect(token.connect(alice).transfer(bob.address, parseEther("1000"))).to.not.emit(token, "TaxCollected");
      expect(await token.balanceOf(alice.address)).to.equal(sent - parseEther("1000"));
      expect(await token.balanceOf(bob.address)).to.equal(received + parseEther("1000"));
      expect(await token.totalSupply()).to.equal(supply);
    }
    // Unregistering anything is always allowed (and announced).
    await expect(token.connect(owner).setPair(bob.address, false)).to.emit(token, "PairSet").withArgs(bob.address, false);
  });

  it("a pair contract with DEGEN as token0 or token1 can be registered (PairSet), and trades with it are taxed", async function () {
    const f = await loadFixture(tokenFixture);
    const { token, casino, owner, players, otherToken, tokenAddress, devWallet, casinoAddress } = f;
    const [alice, bob] = players;
    const pair0 = await deployMockPair(tokenAddress, otherToken);
    const pair1 = await deployMockPair(otherToken, tokenAddress);
    for (const pair of [pair0, pair1]) {
      const address = await pair.getAddress();
      await expect(token.connect(owner).setPair(address, true)).to.emit(token, "PairSet").withArgs(address, true);
      expect(await token.isPair(address)).to.equal(true);
    }
    const pair = await pair0.getAddress();
    // 30 minutes after openTrading the tax is 5 %: 40 % dev, 40 % burnt, 20 % to the jackpot. Counted
    // from the last block: the fixture's blocks since openTrading are stamped by the wall clock.
    await time.setNextBlockTimestamp(BigInt(await time.latest()) + 1800n);
    const [dev, pool, supply] = await Promise.all([token.balanceOf(devWallet.address), casino.jackpotPool(), token.totalSupply()]);
    await expect(token.connect(alice).transfer(pair, parseEther("1000")))
      .to.emit(token, "TaxCollected")
      .withArgs(alice.address, pair, parseEther("20"), parseEther("20"), parseEther("10"))
      .and.to.emit(casino, "JackpotFunded")
      .withArgs(tokenAddress, parseEther("10"));
    expect(await token.balanceOf(pair)).to.equal(parseEther("950"));
    expect(await token.balanceOf(devWallet.address)).to.equal(dev + parseEther("20"));
    expect(await token.totalSupply()).to.equal(supply - parseEther("20"));
    expect(await casino.jackpotPool()).to.equal(pool + parseEther("10"));
    expect(await token.balanceOf(casinoAddress)).to.equal(await casino.accounted(tokenAddress));

    // A buy: the pair sends 500 to bob, who receives 475.
    await network.provider.send("hardhat_impersonateAccount", [pair]);
    await network.provider.send("hardhat_setBalance", [pair, "0xde0b6b3a7640000"]);
    const pairSigner = await ethers.getSigner(pair);
    const received = await token.balanceOf(bob.address);
    await expect(token.connect(pairSigner).transfer(bob.address, parseEther("500")))
      .to.emit(token, "TaxCollected")
      .withArgs(pair, bob.address, parseEther("10"), parseEther("10"), parseEther("5"));
    await network.provider.send("hardhat_stopImpersonatingAccount", [pair]);
    expect(await token.balanceOf(bob.address)).to.equal(received + parseEther("475"));
  });

  it("renounceOwnership before openTrading reverts TradingNotOpen; afterwards it works", async function () {
    const [deployer, settler, devWallet] = await ethers.getSigners();
    const { token } = await deployPair(deployer, devWallet.address, settler.address);
    await expect(token.connect(deployer).renounceOwnership()).to.be.revertedWithCustomError(token, "TradingNotOpen");
    expect(await token.owner()).to.equal(deployer.address);
    await token.connect(deployer).openTrading();
    await expect(token.connect(deployer).renounceOwnership()).to.emit(token, "OwnershipTransferred").withArgs(deployer.address, ZeroAddress);
    expect(await token.owner()).to.equal(ZeroAddress);
  });

  it("ownership transfer is two-step: pendingOwner, then acceptOwnership by that account only", async function () {
    const [deployer, settler, devWallet, stranger, newOwner] = await ethers.getSigners();
    const { token } = await deployPair(deployer, devWallet.address, settler.address);
    await expect(token.connect(deployer).transferOwnership(newOwner.address))
      .to.emit(token, "OwnershipTransferStarted")
      .withArgs(deployer.address, newOwner.address);
    expect(await token.owner()).to.equal(deployer.address);
    expect(await token.pendingOwner()).to.equal(newOwner.address);
    await expect(token.connect(stranger).acceptOwnership()).to.be.revertedWithCustomError(token, "OwnableUnauthorizedAccount").withArgs(stranger.address);
    await expect(token.connect(newOwner).acceptOwnership()).to.emit(token, "OwnershipTransferred").withArgs(deployer.address, newOwner.address);
    expect(await token.owner()).to.equal(newOwner.address);
    expect(await token.pendingOwner()).to.equal(ZeroAddress);
    // The new owner can open trading; the old one no longer can.
    await expect(token.connect(deployer).openTrading()).to.be.revertedWithCustomError(token, "OwnableUnauthorizedAccount").withArgs(deployer.address);
    await expect(token.connect(newOwner).openTrading()).to.emit(token, "TradingOpened");
  });
});
