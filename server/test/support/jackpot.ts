import type { TestChain } from "./chain";
import { ticketDraws, ticketsOf, type TicketDraw } from "../../src/engine";

/**
 * Waits until every batch of jackpot tickets issued since `fromBlock` has its draw published
 * (JackpotTicketsDrawn: recorded by a later play, or by drawJackpots for a batch with a hit or one
 * no play recorded), and every hit paid (JackpotDrawn); returns each ticket's draw, recomputed
 * from the published entropy as anyone would, with what a hit paid.
 */
export async function settledTicketDraws(chain: TestChain, fromBlock: number, timeoutMs = 60_000): Promise<(TicketDraw & { paid: bigint })[]> {
  const casino = chain.casino;
  const casinoAddress = await casino.getAddress();
  const degen = await chain.token.getAddress();
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((r) => setTimeout(r, 300))) {
    const issued = await casino.queryFilter(casino.filters.JackpotTicketsIssued(), fromBlock);
    const drawnLogs = await casino.queryFilter(casino.filters.JackpotTicketsDrawn(), fromBlock);
    const paidLogs = await casino.queryFilter(casino.filters.JackpotDrawn(), fromBlock);
    const entropyOf = new Map(drawnLogs.map((log) => [log.args.tickets, log.args.entropy]));
    const paid = new Map(paidLogs.filter((log) => log.args.hit).map((log) => [log.args.betId, log.args.prize]));
    const draws: (TicketDraw & { paid: bigint })[] = [];
    let complete = true;
    for (const log of issued) {
      const entropy = entropyOf.get(log.args.tickets);
      if (entropy === undefined) {
        complete = false;
        break;
      }
      const receipt = (await chain.provider.getTransactionReceipt(log.transactionHash))!;
      const placed = receipt.logs.flatMap((l) => {
        const parsed = casino.interface.parseLog(l);
        return parsed?.name === "BetPlaced"
          ? [
              {
                betId: parsed.args.betId as bigint,
                token: parsed.args.token as string,
                jackpotOdds: parsed.args.jackpotOdds as bigint,
                jackpotPrize: parsed.args.jackpotPrize as bigint,
              },
            ]
          : [];
      });
      for (const draw of ticketDraws(casinoAddress, ticketsOf(placed, degen), entropy)) {
        if (draw.hit && !paid.has(draw.betId)) complete = false;
        draws.push({ ...draw, paid: draw.hit ? (paid.get(draw.betId) ?? 0n) : 0n });
      }
    }
    if (complete) return draws;
    if (Date.now() > deadline) throw new Error("jackpot draws not all published");
  }
}
