// The local deployment as scripts/deploy.ts makes it (token, Casino, locks, dev accounts), on the
// in-process Hardhat network, with its deployment file written to a temporary folder; and a way
// to run the operator tasks with their output captured.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import hre, { ethers } from "hardhat";
import { deployStack, localPlan, writeDeployment } from "../scripts/deploy";
import type { Casino, CasinoSwap, DegenToken } from "../typechain-types";

const folder = fs.mkdtempSync(path.join(os.tmpdir(), "degen-deployment-"));
process.on("exit", () => fs.rmSync(folder, { recursive: true, force: true }));

export async function deployedStack() {
  const signers = await ethers.getSigners();
  const [owner, settler] = signers;
  const record = await deployStack({ deployer: owner, settler: settler.address, devWallet: owner.address, plan: localPlan(signers), openTrading: true });
  const file = path.join(folder, `${record.contracts.Casino}.json`);
  writeDeployment(file, record);
  const casino = (await ethers.getContractAt("Casino", record.contracts.Casino)) as unknown as Casino;
  const token = (await ethers.getContractAt("DegenToken", record.contracts.DegenToken)) as unknown as DegenToken;
  const swapDesk = (await ethers.getContractAt("CasinoSwap", record.contracts.CasinoSwap)) as unknown as CasinoSwap;
  return { record, file, signers, owner, settler, casino, token, swapDesk, tokenAddress: record.contracts.DegenToken };
}

export interface TaskRun<R> {
  result: R | undefined;
  out: string;
  err: string;
  exitCode: number;
}

/** `hre.run(name, args)` with console.log / console.error captured and the exit code it set. */
export async function runTask<R = unknown>(name: string, args: Record<string, unknown>): Promise<TaskRun<R>> {
  const out: string[] = [];
  const err: string[] = [];
  const { log, error } = console;
  const exitCodeBefore = process.exitCode;
  process.exitCode = 0;
  console.log = (...parts: unknown[]) => out.push(parts.join(" "));
  console.error = (...parts: unknown[]) => err.push(parts.join(" "));
  try {
    const result = (await hre.run(name, args)) as R | undefined;
    return { result, out: out.join("\n"), err: err.join("\n"), exitCode: Number(process.exitCode ?? 0) };
  } finally {
    console.log = log;
    console.error = error;
    process.exitCode = exitCodeBefore;
  }
}
