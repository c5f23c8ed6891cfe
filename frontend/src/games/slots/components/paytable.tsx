import { CollapsiblePanel } from "@/components/ui/collapsible-panel";
import { TOKEN_MULTIPLIER, type Token } from "@/config/tokens";
import { lineChanceTexts, slotsRtpText } from "../line-chances";
import { SLOT_PAYTABLE, type SlotSymbol } from "../slots-display";
import { SymbolTile } from "./symbol-tile";

const LINE_NAMES = "Top Row, Middle Row, Bottom Row, Diagonal down and Diagonal up";

/** docs/product.md §9 line prices, collapsible. */
export function Paytable({ token }: { token: Token }) {
  return (
    <CollapsiblePanel title="Paytable" data-testid="paytable">
      <p className="mb-3">
        Five lines pay: {LINE_NAMES}. A line wins with 3, 4 or 5 equal symbols from the left reel (3-Match, 4-Match, 5-Match). Prices are in bets; every win is
        then multiplied by {TOKEN_MULTIPLIER[token]}x for {token}. Under each price, one line&apos;s chance of it; a spin returns{" "}
        <span data-testid="slots-rtp">RTP {slotsRtpText(token)}</span> of its stakes with {token}.
      </p>
      <table className="w-full text-sm tabular-nums">
        <thead>
          <tr className="text-left text-xs text-slate-400">
            <th className="py-1 font-medium">Symbol</th>
            <th className="py-1 text-right font-medium">3 in a row</th>
            <th className="py-1 text-right font-medium">4 in a row</th>
            <th className="py-1 text-right font-medium">5 in a row</th>
          </tr>
        </thead>
        <tbody>
          {(Object.entries(SLOT_PAYTABLE) as [SlotSymbol, readonly number[]][]).map(([symbol, prices]) => (
            <tr key={symbol} className="border-t border-white/5">
              <td className="py-1.5">
                <SymbolTile symbol={symbol} className="w-16 [--tile:3.25rem]" />
              </td>
              {prices.map((price, index) => (
                <td key={index} className="py-1.5 text-right">
                  <span className="block font-semibold text-gold">{price}x</span>
                  <span className="block text-xs text-slate-400" data-testid={`line-chance-${symbol}-${index + 3}`}>
                    {lineChanceTexts(symbol)[index]}
                  </span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </CollapsiblePanel>
  );
}
