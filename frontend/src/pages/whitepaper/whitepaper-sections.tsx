import type { ReactNode } from "react";
import {
  FINAL_TAX_FROM_MINUTES,
  FINAL_TAX_PERCENT,
  FINAL_TAX_SPLIT_POINTS,
  HOUSE_EDGE_PERCENT,
  JACKPOT_EDGE_PERCENT,
  JACKPOT_PRIZE_PERCENT_OF_POOL,
  LP_LOCK_MONTHS,
  MAX_WALLET_PERCENT,
  MAX_WALLET_TOKENS,
  PLAYER_WIN_CHANCE_PERCENT,
  RESERVE_LOCK_MONTHS,
  TARGET_CHAIN_ID,
  TARGET_CHAIN_NAME,
  TAX_LADDER_PERCENT,
  TAX_SPLIT_PERCENT,
  TAX_STEP_MINUTES,
  TEAM_PERCENT_PER_MEMBER,
  TOTAL_SUPPLY,
  WHEEL_SEGMENTS,
  WHEEL_SINGLE_COLOUR_PAYOUT,
  formatWholeNumber,
} from "@/config/economics";
import { TOKEN_MULTIPLIER } from "@/config/tokens";
import { MULTIPLIER_GAMES_TEXT, otherGamesText } from "@/config/game-returns";
import { ContractAddress } from "@/features/chain";

function Figures({ rows }: { rows: readonly (readonly [string, ReactNode])[] }) {
  return (
    <dl className="mt-4 grid gap-x-6 gap-y-2 rounded-xl border border-white/10 bg-night-950/40 p-4 sm:grid-cols-2">
      {rows.map(([label, value]) => (
        <div key={label} className="flex flex-col">
          <dt className="text-xs tracking-wider text-slate-400">{label}</dt>
          <dd className="font-semibold text-slate-100">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** docs/product.md §2: the whitepaper's ten sections, in this order. */
export const WHITEPAPER_SECTIONS = [
  {
    id: "executive-summary",
    title: "Executive Summary",
    body: (
      <>
        <p>
          DEGEN Casino is an open-source browser casino with five games — Wheel of Fortune, Blackjack, Slots, Kickboxing and Crash — played with two tokens:
          DEGEN and BNB. Anyone can start at once in demo mode with virtual balances kept in the browser, or connect a wallet and play with real test tokens on{" "}
          {TARGET_CHAIN_NAME}.
        </p>
        <p>
          The casino is built around one promise: every outcome can be checked. Stakes are held by a smart contract, the house commits to its randomness before
          a bet is placed, and every settlement can be replayed by anyone from public data. DEGEN bets carry better odds than the house: a{" "}
          {TOKEN_MULTIPLIER.DEGEN}x payout multiplier against {TOKEN_MULTIPLIER.BNB}x for BNB, {MULTIPLIER_GAMES_TEXT}.
        </p>
      </>
    ),
  },
  {
    id: "fairness-transparency",
    title: "Fairness & Transparency",
    body: (
      <>
        <p>
          Fairness is proven, not promised. For each player the server derives a secret hash chain and publishes its final link on chain as a commitment before
          the first bet. Each bet names the commitment it expects, so the house cannot change its randomness while a bet is open.
        </p>
        <p>
          To settle, the server reveals the next link of the chain. The contract checks that the revealed seed hashes to the commitment, mixes it with the
          player&apos;s own client seed, the bet nonce, the chain id and the contract address, and pays out. The game rules are one open-source engine shared by
          the browser, the server and the verifier, so anyone can recompute every payout from the contract&apos;s events.
        </p>
        <p>
          If a bet is not settled within the settlement window, the player can claim the bet&apos;s maximum payout from the contract — withholding a result
          always costs the house more than settling it.
        </p>
      </>
    ),
  },
  {
    id: "tokenomics",
    title: "Tokenomics & Economic Model",
    body: (
      <>
        <p>
          DEGEN is a fixed-supply ERC-20 token with 18 decimals. The whole supply is minted once at deployment; no one can mint more. A trade tax applies only
          to buys and sells through the registered liquidity pair and can only step down, never rise.
        </p>
        <Figures
          rows={[
            ["Fixed supply", `${formatWholeNumber(TOTAL_SUPPLY)} DEGEN`],
            ["Max wallet", `${MAX_WALLET_PERCENT}% (${formatWholeNumber(MAX_WALLET_TOKENS)} DEGEN)`],
            ["Team allocation", `${TEAM_PERCENT_PER_MEMBER}% per member`],
            ["Launch tax ladder", `${TAX_LADDER_PERCENT.map((percent) => `${percent}%`).join(", ")} — one step every ${TAX_STEP_MINUTES} minutes`],
            ["Tax from minute " + FINAL_TAX_FROM_MINUTES, `${FINAL_TAX_PERCENT}% for good`],
            ["Tax split", `${TAX_SPLIT_PERCENT.development}% development, ${TAX_SPLIT_PERCENT.burn}% burn, ${TAX_SPLIT_PERCENT.jackpot}% jackpot`],
            ["Liquidity lock", `${LP_LOCK_MONTHS} months`],
            ["Reserve lock", `${RESERVE_LOCK_MONTHS} months`],
          ]}
        />
        <p>
          At the final {FINAL_TAX_PERCENT}% rate the split is {FINAL_TAX_SPLIT_POINTS.development}% development and marketing, {FINAL_TAX_SPLIT_POINTS.burn}%
          burned for good and {FINAL_TAX_SPLIT_POINTS.jackpot}% added to the jackpot pool. The steep launch ladder discourages sniping in the first{" "}
          {FINAL_TAX_FROM_MINUTES} minutes of trading.
        </p>
      </>
    ),
  },
  {
    id: "jackpot",
    title: "Autonomous Jackpot System",
    body: (
      <>
        <p>
          The jackpot runs itself. Its pool is filled by the jackpot share of the DEGEN trade tax and lives inside the Casino contract, where no one can
          withdraw it.
        </p>
        <p>
          Every DEGEN bet takes part, with a chance that grows with its stake. A hit wins the prize P = {JACKPOT_PRIZE_PERCENT_OF_POOL}% of the pool; a bet of S
          DEGEN hits with chance S × {JACKPOT_EDGE_PERCENT}% ÷ P (at most certain), fixed when the bet is placed. So every bet&apos;s expected jackpot win is{" "}
          {JACKPOT_EDGE_PERCENT}% of its stake, whatever the pool: the jackpot adds {JACKPOT_EDGE_PERCENT}% to DEGEN&apos;s return, for{" "}
          {Math.round(TOKEN_MULTIPLIER.DEGEN * 100) + JACKPOT_EDGE_PERCENT}% in all, and many small bets win no more than one large bet.
        </p>
        <p>
          The draw happens on chain, from the hash of the block that holds the bet: nobody — not the house, not its settlement key, not the player — knows that
          hash when the bet is sent, so no one can pick a winning bet, and anyone can recompute the draw afterwards. A bet claimed back after a late settlement
          draws exactly the same. A hit pays the prize straight to the player&apos;s casino balance; the rest stays in the pool and keeps growing for the next
          winner.
        </p>
      </>
    ),
  },
  {
    id: "player-economics",
    title: "Player-Centric Economics",
    body: (
      <>
        <p>
          DEGEN is the player&apos;s token. DEGEN bets return {Math.round(TOKEN_MULTIPLIER.DEGEN * 100)}% to players over time (
          {PLAYER_WIN_CHANCE_PERCENT.DEGEN}% player / {HOUSE_EDGE_PERCENT.DEGEN}% house) and are jackpot eligible. BNB bets use standard odds:{" "}
          {Math.round(TOKEN_MULTIPLIER.BNB * 100)}% ({PLAYER_WIN_CHANCE_PERCENT.BNB}% player / {HOUSE_EDGE_PERCENT.BNB}% house). Both hold{" "}
          {MULTIPLIER_GAMES_TEXT}. Elsewhere, DEGEN: {otherGamesText("DEGEN")}; BNB: {otherGamesText("BNB")}.
        </p>
        <p>
          Because DEGEN odds favour the player, the games never offer a bet that cannot lose: the wheel takes at most nine of its ten colours and a crash round
          can bust at 1.00x.
        </p>
        <p>Your winnings are yours: casino balances can be withdrawn at any time, even while new bets are paused.</p>
      </>
    ),
  },
  {
    id: "game-suite",
    title: "DEGEN Game Suite",
    body: (
      <>
        <ul className="mt-2 flex list-disc flex-col gap-2 pl-5">
          <li>
            <strong>Wheel of Fortune</strong> — {WHEEL_SEGMENTS} colour segments. Pick up to nine colours; one colour pays {WHEEL_SINGLE_COLOUR_PAYOUT.DEGEN}{" "}
            with DEGEN and {WHEEL_SINGLE_COLOUR_PAYOUT.BNB} with BNB, and more colours split the payout between them.
          </li>
          <li>
            <strong>Blackjack</strong> — blackjack pays 2.5x, a win 2x and a push returns your bet; with BNB the winnings are paid at 0.98x, so blackjack 2.47x
            and a win 1.98x. The dealer stands on 17 and pairs can be split.
          </li>
          <li>
            <strong>Slots</strong> — a 5-reel, 3-row grid with seven meme symbols. Three, four or five in a row pay from 5x up to 150x the bet.
          </li>
          <li>
            <strong>Kickboxing</strong> — a 30-second bout between Red and Blue with punches, kicks, blocks, counters and combos. Back a fighter at x2.0 or a
            draw at x4.0.
          </li>
          <li>
            <strong>Crash</strong> — a multiplier that climbs until the rocket explodes, anywhere up to 100x. Cash out before it does to lock in your win.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "security",
    title: "Security & Sustainability",
    body: (
      <>
        <p>
          The Casino contract keeps player balances, open stakes, the house bankroll and the jackpot apart, and its accounting is checked by fuzz tests: the
          tokens it holds always cover everything it owes. Every function that moves value is guarded against re-entrancy.
        </p>
        <p>
          Each bet reserves its largest possible payout from the bankroll before it is accepted, and the maximum bet shrinks when the free bankroll does, so the
          house can always pay. The owner can only withdraw free bankroll, after an announced delay, and never player funds, open stakes or the jackpot.
        </p>
        <p>
          Liquidity is locked for {LP_LOCK_MONTHS} months and the reserve for {RESERVE_LOCK_MONTHS} months. The tax can only fall, and no wallet may hold more
          than {MAX_WALLET_PERCENT}% of the supply.
        </p>
      </>
    ),
  },
  {
    id: "architecture",
    title: "Technical Architecture",
    body: (
      <>
        <Figures
          rows={[
            ["Contracts", "Solidity 0.8.28 on OpenZeppelin 5: DEGEN token and Casino"],
            ["Game engine", "Pure TypeScript, shared by browser, server and verifier"],
            ["Settlement server", "Express, Sign-In with Ethereum sessions, idempotent settler"],
            ["Frontend", "React, Vite and Tailwind; MetaMask through web3-react"],
            ["Network", `${TARGET_CHAIN_NAME} (chain ${TARGET_CHAIN_ID}) and local Hardhat`],
            ["DEGEN contract", <ContractAddress key="degen" contract="DegenToken" />],
          ]}
        />
        <p>
          In demo mode the wheel, kickboxing and crash run in your browser while blackjack and slots are dealt by the server — all with the same engine. In web3
          mode every stake is escrowed by the contract and every outcome is settled on chain.
        </p>
      </>
    ),
  },
  {
    id: "roadmap",
    title: "Future Roadmap",
    body: (
      <ol className="mt-2 flex list-decimal flex-col gap-2 pl-5">
        <li>
          <strong>Testnet launch</strong> — all five games in demo and web3 mode on {TARGET_CHAIN_NAME}, with a public verifier page.
        </li>
        <li>
          <strong>Audits and hardening</strong> — external review of the contracts and settler, and a bug bounty.
        </li>
        <li>
          <strong>Liquidity and jackpot</strong> — DEGEN trading opens with the tax ladder; the jackpot pool starts filling.
        </li>
        <li>
          <strong>More games</strong> — new tables and tournaments built on the same provably fair engine.
        </li>
      </ol>
    ),
  },
  {
    id: "conclusion",
    title: "Conclusion",
    body: (
      <p>
        DEGEN Casino pairs the fun of a neon casino floor with the guarantees of a public blockchain: odds that favour DEGEN players, a jackpot no one can
        touch, and outcomes anyone can verify. Try every game in demo mode today, then connect your wallet when you are ready to play on chain.
      </p>
    ),
  },
];
