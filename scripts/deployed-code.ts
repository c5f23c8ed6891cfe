// `npm run verify:code -- --rpc URL [--deployment FILE]`: checks that the code at each address of a
// deployment is this repository's, as compiled by `npm run build:contracts`. The Casino trusts the
// contracts deployed before it (GameRules, its four libraries, CasinoSessions) for their code, which
// its constructor cannot check (contracts/README.md, "The deployment is trusted once, as a whole").
//
// The deployed code equals the compiled runtime code but for what the deployment fills in: the
// libraries' addresses linked into the Casino, the values of immutables (each contract's casino,
// token, EIP-712 domain…), and a library's own address, which it carries to refuse direct calls.
// Those bytes are taken from the chain; every other byte must be the compiled one.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { JsonRpcProvider, getBytes } from "ethers";

const ROOT = path.resolve(__dirname, "..");
const ARTIFACTS = path.join(ROOT, "artifacts", "contracts");

/** What the check reads from a node: an ethers provider, Hardhat's included. */
type CodeReader = { getCode(address: string): Promise<string> };

interface Range {
  start: number;
  length: number;
}

interface Artifact {
  contractName: string;
  sourceName: string;
  deployedBytecode: string;
  deployedLinkReferences: Record<string, Record<string, Range[]>>;
}

export interface CodeCheck {
  name: string;
  address: string;
  /** Why the code differs from the compiled one; undefined when it matches. */
  mismatch?: string;
}

interface BuildInfo {
  output: { contracts: Record<string, Record<string, { evm: { deployedBytecode: { immutableReferences?: Record<string, Range[]> } } }>> };
}

/** A compilation's full output (megabytes of JSON, shared by the contracts it compiled), read once. */
const buildInfos = new Map<string, BuildInfo>();
function readBuildInfo(file: string): BuildInfo {
  let info = buildInfos.get(file);
  if (!info) buildInfos.set(file, (info = JSON.parse(readFileSync(file, "utf8")) as BuildInfo));
  return info;
}

/** Every artifact file of contracts/ (not contracts/test/) by contract name, listed once: names with more than one file map to all of them. */
let artifactFiles: Map<string, string[]> | undefined;
function artifactFilesOf(name: string): string[] {
  if (!artifactFiles) {
    const files = new Map<string, string[]>();
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory() && full !== path.join(ARTIFACTS, "test")) walk(full);
        else if (entry.name.endsWith(".json") && !entry.name.endsWith(".dbg.json")) {
          const contract = entry.name.slice(0, -".json".length);
          files.set(contract, [...(files.get(contract) ?? []), full]);
        }
      }
    };
    walk(ARTIFACTS);
    artifactFiles = files;
  }
  return artifactFiles.get(name) ?? [];
}

/** The artifact of a contract compiled from contracts/ (not contracts/test/), by name. */
function artifactOf(name: string): { artifact: Artifact; immutables: Range[] } {
  const found = artifactFilesOf(name);
  if (found.length !== 1) throw new Error(`expected one compiled ${name} in artifacts/contracts, found ${found.length}: run npm run build:contracts`);
  const artifact = JSON.parse(readFileSync(found[0]!, "utf8")) as Artifact;
  const debug = JSON.parse(readFileSync(found[0]!.replace(/\.json$/, ".dbg.json"), "utf8")) as { buildInfo: string };
  const buildInfo = readBuildInfo(path.resolve(path.dirname(found[0]!), debug.buildInfo));
  const compiled = buildInfo.output.contracts[artifact.sourceName]![artifact.contractName]!;
  return { artifact, immutables: Object.values(compiled.evm.deployedBytecode.immutableReferences ?? {}).flat() };
}

/** A library's runtime code starts with PUSH20 of its own address, zero when compiled. */
const LIBRARY_ADDRESS: Range = { start: 1, length: 20 };
const PUSH20 = 0x73;

/** Compares the code at `address` with the compiled `name`, the deployment's own bytes taken from the chain. */
export async function checkCode(provider: CodeReader, name: string, address: string, libraries: Readonly<Record<string, string>>): Promise<CodeCheck> {
  const { artifact, immutables } = artifactOf(name);
  let compiledHex = artifact.deployedBytecode;
  for (const references of Object.values(artifact.deployedLinkReferences)) {
    for (const [library, ranges] of Object.entries(references)) {
      const linked = libraries[library];
      if (!linked) return { name, address, mismatch: `links ${library}, which the deployment does not name` };
      for (const { start } of ranges) {
        const at = 2 + 2 * start;
        compiledHex = compiledHex.slice(0, at) + linked.slice(2).toLowerCase() + compiledHex.slice(at + 40);
      }
    }
  }
  const compiled = getBytes(compiledHex);
  const deployed = getBytes(await provider.getCode(address));
  if (deployed.length === 0) return { name, address, mismatch: "no code at this address" };
  if (deployed.length !== compiled.length) return { name, address, mismatch: `${deployed.length} bytes of code, compiled ${compiled.length}` };
  const isLibrary = compiled[0] === PUSH20 && compiled.slice(1, 21).every((byte) => byte === 0);
  for (const { start, length } of [...immutables, ...(isLibrary ? [LIBRARY_ADDRESS] : [])]) {
    compiled.set(deployed.slice(start, start + length), start);
  }
  const differs = compiled.findIndex((byte, i) => byte !== deployed[i]);
  return differs < 0 ? { name, address } : { name, address, mismatch: `differs from the compiled code at byte ${differs}` };
}

/** Every contract of a deployment file's `contracts`, checked. */
export async function checkDeployment(provider: CodeReader, contracts: Readonly<Record<string, string>>): Promise<CodeCheck[]> {
  const checks: CodeCheck[] = [];
  for (const [name, address] of Object.entries(contracts)) checks.push(await checkCode(provider, name, address, contracts));
  return checks;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { rpc: { type: "string" }, deployment: { type: "string" } } });
  if (!values.rpc) throw new Error("Usage: npm run verify:code -- --rpc URL [--deployment FILE]");
  const provider = new JsonRpcProvider(values.rpc, undefined, { staticNetwork: true });
  try {
    const chainId = (await provider.getNetwork()).chainId;
    const file = values.deployment ?? path.join(ROOT, "deployments", `${chainId}.json`);
    const { contracts } = JSON.parse(readFileSync(file, "utf8")) as { contracts: Record<string, string> };
    const checks = await checkDeployment(provider, contracts);
    for (const check of checks)
      console.log(`${check.mismatch ? "MISMATCH" : "ok      "} ${check.name.padEnd(14)} ${check.address}${check.mismatch ? `: ${check.mismatch}` : ""}`);
    const failed = checks.filter((check) => check.mismatch).length;
    console.log(
      failed === 0 ? `${checks.length} contracts: the code at each address is this repository's.` : `${failed} of ${checks.length} contracts differ.`,
    );
    process.exitCode = failed === 0 ? 0 : 1;
  } finally {
    provider.destroy();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  });
}
