// @vitest-environment node
import { describe, expect, it } from "vitest";
import { KNOWN_CHAINS } from "@/features/wallet/web3/chains";
import { explorerAddressUrl, explorerTxUrl } from "../app-config";

describe("explorer links", () => {
  const casino = "0x0165878A594ca255338adfa4d48449f69242Eb8F";

  it("links an address and a transaction to BscScan on BSC Testnet", () => {
    expect(explorerAddressUrl(KNOWN_CHAINS[97]!, casino)).toBe(`https://testnet.bscscan.com/address/${casino}`);
    expect(explorerTxUrl(KNOWN_CHAINS[97]!, "0xabc")).toBe("https://testnet.bscscan.com/tx/0xabc");
  });

  it("links nothing on a chain without an explorer (the local node)", () => {
    expect(explorerAddressUrl({ ...KNOWN_CHAINS[97]!, id: 31337, blockExplorerUrls: [] }, casino)).toBeNull();
  });
});
