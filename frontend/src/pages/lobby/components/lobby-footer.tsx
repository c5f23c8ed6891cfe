import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { CollapsiblePanel } from "@/components/ui/collapsible-panel";
import {
  FINAL_TAX_FROM_MINUTES,
  FINAL_TAX_PERCENT,
  FINAL_TAX_SPLIT_POINTS,
  JACKPOT_EDGE_PERCENT,
  JACKPOT_PRIZE_PERCENT_OF_POOL,
  LP_LOCK_MONTHS,
  MAX_WALLET_PERCENT,
  MAX_WALLET_TOKENS,
  PLAYER_WIN_CHANCE_PERCENT,
  RESERVE_LOCK_MONTHS,
  TAX_LADDER_PERCENT,
  TAX_SPLIT_PERCENT,
  TAX_STEP_MINUTES,
  TEAM_PERCENT_PER_MEMBER,
  TOTAL_SUPPLY,
  WHEEL_SEGMENTS,
  WHEEL_SINGLE_COLOUR_PAYOUT,
  formatWholeNumber,
} from "@/config/economics";
import { multiplierGamesText, otherGamesText } from "@/config/game-returns";
import { TOKENS } from "@/config/tokens";
import { ContractAddress, NetworkName } from "@/features/chain";

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <li className="flex flex-col gap-0.5 sm:flex-row sm:justify-between sm:gap-4">
      <span className="text-slate-400">{label}</span>
      <span className="font-semibold text-slate-100 sm:text-right">{children}</span>
    </li>
  );
}

export function LobbyFooter() {
  return (
    <footer className="mt-16 border-t border-white/10 pt-10" data-testid="lobby-footer">
      <div className="grid gap-4 md:grid-cols-2 md:items-start">
        <CollapsiblePanel title="Smart Contract Mechanics" data-testid="panel-mechanics">
          <p>
            Every wager in web3 mode is escrowed by the Casino contract and settled on chain with a provably fair seed that the house committed to before you
            bet. Anyone can replay a settlement and check the payout.
          </p>
          <ul className="mt-3 flex flex-col gap-2">
            {TOKENS.map((token) => (
              <Fact key={token} label={`${token} bets`}>
                {multiplierGamesText(token, PLAYER_WIN_CHANCE_PERCENT[token])}
                <span className="block font-normal text-slate-300">{otherGamesText(token)}</span>
              </Fact>
            ))}
            <Fact label="Wheel of Fortune">
              {WHEEL_SEGMENTS} segments · {WHEEL_SINGLE_COLOUR_PAYOUT.DEGEN} DEGEN / {WHEEL_SINGLE_COLOUR_PAYOUT.BNB} BNB
            </Fact>
            <Fact label="Jackpot">
              DEGEN bets win {JACKPOT_PRIZE_PERCENT_OF_POOL}% of the pool, at a chance of stake × {JACKPOT_EDGE_PERCENT}% ÷ prize
            </Fact>
            <Fact label="The house's books">
              <Link to="/house" className="text-cyan underline-offset-2 hover:underline" data-testid="lobby-house-link">
                Bankroll, results and the odds, from the chain
              </Link>
            </Fact>
            <Fact label="Network">
              <NetworkName suffix=" · testnet only" />
            </Fact>
            <Fact label="DEGEN contract">
              <ContractAddress contract="DegenToken" />
            </Fact>
            <Fact label="Casino contract">
              <ContractAddress contract="Casino" />
            </Fact>
          </ul>
        </CollapsiblePanel>
        <CollapsiblePanel title="Tokenomics" data-testid="panel-tokenomics">
          <ul className="flex flex-col gap-2">
            <Fact label="Fixed supply">{formatWholeNumber(TOTAL_SUPPLY)} DEGEN</Fact>
            <Fact label="Max wallet">
              {MAX_WALLET_PERCENT}% ({formatWholeNumber(MAX_WALLET_TOKENS)})
            </Fact>
            <Fact label="Team">{TEAM_PERCENT_PER_MEMBER}% per member</Fact>
            <Fact label="Launch tax">
              {TAX_LADDER_PERCENT.map((percent) => `${percent}%`).join(" → ")} every {TAX_STEP_MINUTES} min
            </Fact>
            <Fact label={`From minute ${FINAL_TAX_FROM_MINUTES}`}>
              {FINAL_TAX_PERCENT}%: {FINAL_TAX_SPLIT_POINTS.development}% development/marketing, {FINAL_TAX_SPLIT_POINTS.burn}% burn,{" "}
              {FINAL_TAX_SPLIT_POINTS.jackpot}% jackpot
            </Fact>
            <Fact label="Tax split">
              {TAX_SPLIT_PERCENT.development}% development · {TAX_SPLIT_PERCENT.burn}% burn · {TAX_SPLIT_PERCENT.jackpot}% jackpot
            </Fact>
            <Fact label="LP lock">{LP_LOCK_MONTHS} months</Fact>
            <Fact label="Reserve lock">{RESERVE_LOCK_MONTHS} months</Fact>
          </ul>
        </CollapsiblePanel>
      </div>
      <p className="mt-8 pb-10 text-center text-sm text-slate-400" data-testid="contact-line">
        Questions, bugs or partnerships? Open an issue on the DEGEN Casino repository — we read every one. Testnet only: no real funds are at stake.
      </p>
    </footer>
  );
}
