// The chain reads of the session-signature check (session-signature.ts), through the wallet's
// node: the bet's transaction, and its key's SessionOpened, searched back from the bet a public
// node's range at a time. A session lasts at most 24 hours (CasinoSessions.MAX_SESSION), so a key
// that signed a bet was opened at most that long before it: the search stops there, and at the
// first range that holds the opening.
import { getAddress, zeroPadValue } from "ethers";
import { CasinoSessions__factory } from "@typechain/factories/contracts/CasinoSessions__factory";
import { rangesDown } from "@/features/bets";
import type { KeyOpening, SessionReads } from "./session-signature";

/** 24 hours of BSC's 0.75 s blocks: longer than any session on this chain or a slower one. */
const SESSION_BLOCKS = 115_200;

const sessionsInterface = CasinoSessions__factory.createInterface();
const OPENED = sessionsInterface.getEvent("SessionOpened").topicHash;

export async function chainSessionReads(): Promise<SessionReads> {
  const { readyWallet } = await import("@/features/wallet/onchain");
  const { provider, contracts, config } = await readyWallet();
  const sessions = await contracts.casino.sessions();
  const searched = new Map<string, Promise<KeyOpening | null>>();

  const search = async (player: string, key: string, block: number): Promise<KeyOpening | null> => {
    const topics = [OPENED, zeroPadValue(player, 32), zeroPadValue(key, 32)];
    for (const range of rangesDown(Math.max(config.deploymentBlock, block - SESSION_BLOCKS), block)) {
      const [log] = await provider.getLogs({ address: sessions, topics, ...range });
      const opened = log && sessionsInterface.parseLog(log);
      if (opened) return { block: log.blockNumber, lane: opened.args.lane as bigint };
    }
    return null;
  };

  return {
    sessions,
    chainId: config.chain.id,
    transaction: async (hash) => {
      const tx = await provider.getTransaction(hash);
      return tx && { to: tx.to, data: tx.data };
    },
    // A history lists the newest bets first: a key's search from its newest bet serves its older ones.
    keyOpening: (player, key, block) => {
      const id = `${getAddress(player)}:${getAddress(key)}`;
      let opening = searched.get(id);
      if (!opening) searched.set(id, (opening = search(player, key, block)));
      return opening.then((found) => (found && found.block <= block ? found : null));
    },
  };
}
