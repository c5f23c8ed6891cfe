import { expect } from "chai";
import { ethers, network } from "hardhat";
import { deployCasinoContracts } from "../scripts/casino-contracts";
import { checkDeployment } from "../scripts/deployed-code";

/** The contracts a deployment file names, as scripts/deploy.ts writes them. */
async function deployment() {
  const [deployer, settler, dev] = await ethers.getSigners();
  const { token, casino, sessions, rules, libraries } = await deployCasinoContracts(deployer, dev.address, settler.address);
  return {
    DegenToken: await token.getAddress(),
    Casino: await casino.getAddress(),
    CasinoRelay: await casino.relay(),
    CasinoSwap: await casino.swapDesk(),
    CasinoSessions: await sessions.getAddress(),
    CasinoLimits: await casino.limits(),
    GameRules: rules,
    ...libraries,
  };
}

describe("npm run verify:code: the code at each address of a deployment is this repository's", function () {
  it("holds for all 11 contracts of a deployment: the Casino with its libraries linked, each immutable the deployment's", async function () {
    const contracts = await deployment();
    const checks = await checkDeployment(ethers.provider, contracts);
    expect(checks.map((check) => check.name))
      .to.have.members(Object.keys(contracts))
      .and.have.length(11);
    expect(checks.filter((check) => check.mismatch)).to.deep.equal([]);
  });

  it("names sessions with other code, a changed byte of a library, and a Casino linked to another library", async function () {
    const contracts = await deployment();
    // Sessions that answer casino() and degen() as the Casino checks, with the code of another contract.
    await network.provider.send("hardhat_setCode", [contracts.CasinoSessions, await ethers.provider.getCode(contracts.CasinoLimits)]);
    // One byte of SessionPlay's code, past its own address, changed.
    const library = await ethers.provider.getCode(contracts.SessionPlay);
    const at = 2 + 2 * 100;
    const flipped = library.slice(0, at) + (library.slice(at, at + 2) === "00" ? "01" : "00") + library.slice(at + 2);
    await network.provider.send("hardhat_setCode", [contracts.SessionPlay, flipped]);
    // The deployment names HouseAdmin as BetClaims: its code is not BetClaims', nor the Casino's link to it.
    const checks = await checkDeployment(ethers.provider, { ...contracts, BetClaims: contracts.HouseAdmin });
    const found = Object.fromEntries(checks.filter((check) => check.mismatch).map((check) => [check.name, check.mismatch!]));
    expect(Object.keys(found)).to.deep.equal(["Casino", "CasinoSessions", "SessionPlay", "BetClaims"]);
    expect(found.SessionPlay).to.equal("differs from the compiled code at byte 100");
    expect(found.Casino).to.match(/^differs from the compiled code at byte \d+$/);
  });
});
