import { GameType } from "@engine/gameTypes";
import { Badge } from "@/components/ui/badge";
import { Confetti } from "@/components/ui/confetti";
import { TokenSwitch } from "@/components/ui/token-switch";
import { BLACKJACK_RTP_BADGES, blackjackRtpPercent } from "@/config/game-returns";
import { formatTokenAmount } from "@/config/tokens";
import { BetStatus, BetTerms, FairnessPanel } from "@/features/bets";
import { OneClickPrompt } from "@/features/one-click";
import { StakeField } from "@/features/play-controls";
import { UsdValue } from "@/features/prices";
import { useWallet, ModeBadge } from "@/features/wallet";
import { cn } from "@/lib/cn";
import { payoutText, type BannerTone } from "./blackjack-display";
import { HandActions } from "./components/hand-actions";
import { HandNoteLine } from "./components/hand-note";
import { HandView } from "./components/hand-view";
import { IdleNotice } from "./components/idle-notice";
import { demoBlackjackSource } from "./round-source";
import { useBlackjackGame } from "./hooks/use-blackjack-game";
import { web3BlackjackSource } from "./web3-round-source";
import "./blackjack.css";

const BANNER_TONES: Record<BannerTone, string> = {
  win: "border-gold bg-night-950/90 text-gold shadow-[0_0_50px_rgb(255_210_63/0.55)]",
  lose: "border-pink bg-night-950/90 text-pink shadow-[0_0_40px_rgb(255_61_168/0.45)]",
  push: "border-cyan bg-night-950/90 text-cyan",
  info: "border-violet bg-night-950/90 text-white",
  error: "border-pink bg-night-950/95 text-pink",
};

export default function BlackjackPage() {
  const { isDemo } = useWallet();
  const game = useBlackjackGame(isDemo ? demoBlackjackSource : web3BlackjackSource);
  const { table } = game;
  const natural = payoutText(game.token, "BLACKJACK");
  const win = payoutText(game.token, "WIN");
  const playing = game.phase === "playing";
  const split = table?.splitHand ?? null;

  return (
    <section className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8" data-testid="game-page-blackjack">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="font-display text-3xl font-black tracking-tight text-white sm:text-4xl">
            <span className="neon-text">Blackjack</span>
          </h1>
          <p className="mt-1 text-sm text-slate-400">Beat the dealer to 21. Dealer stands on 17.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2" data-testid="payout-badges">
          {/* The product's header, word for word: DEGEN's payouts; what BNB pays is said beside it (issue #39). */}
          <Badge tone="gold">BJ {payoutText("DEGEN", "BLACKJACK")}</Badge>
          <Badge tone="cyan">Win {payoutText("DEGEN", "WIN")}</Badge>
          <Badge tone="violet">Push {payoutText("DEGEN", "PUSH")}</Badge>
          {game.token === "BNB" && (
            <Badge data-testid="bnb-payouts">
              With BNB: BJ {payoutText("BNB", "BLACKJACK")}, Win {payoutText("BNB", "WIN")}
            </Badge>
          )}
          <ModeBadge />
        </div>
      </header>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1.7fr)_minmax(0,1fr)]">
        {/* self-start: a taller side panel (web3: bet status, fairness) must not stretch the table and push the player's hand down. */}
        <div className="glass-card bj-felt relative flex min-h-[26rem] flex-col justify-between gap-6 overflow-hidden p-4 sm:min-h-[30rem] sm:p-6 lg:self-start">
          <div className="flex justify-center">
            {table ? (
              <HandView title="Dealer" cards={table.dealerHand} score={table.dealerScore} testId="dealer-hand" />
            ) : (
              <p className="py-10 text-center font-display text-lg text-slate-400">Dealer waits for your bet</p>
            )}
          </div>

          <div aria-hidden="true" className="mx-auto text-center font-display text-xs font-semibold tracking-[0.12em] text-gold/40 sm:text-sm">
            Blackjack pays {natural} · Dealer stands on 17
          </div>

          <div className={cn("flex justify-center gap-2", split && "grid grid-cols-2")}>
            {table && (
              <HandView
                title={split ? "Hand 1" : "You"}
                cards={table.playerHand}
                score={table.playerScore}
                active={playing && table.activeSplit === "first"}
                testId="player-hand"
              />
            )}
            {table && split && (
              <HandView title="Hand 2" cards={split} score={table.splitScore ?? 0} active={playing && table.activeSplit === "second"} testId="split-hand" />
            )}
          </div>

          {game.banner && (
            <div
              key={game.banner.id}
              role="status"
              data-testid="result-banner"
              className={cn(
                "bj-banner absolute top-1/2 left-1/2 z-10 w-max max-w-[90%] rounded-2xl border-2 px-6 py-4 text-center font-display text-xl font-black sm:text-3xl",
                BANNER_TONES[game.banner.tone],
              )}
            >
              {game.banner.text}
              {game.banner.win && (
                <UsdValue token={game.banner.win.token} amount={game.banner.win.amount} className="mt-1 block font-sans text-sm font-semibold" />
              )}
            </div>
          )}
        </div>

        <div className="glass-card flex flex-col gap-5 p-5">
          <TokenSwitch
            value={game.token}
            onChange={game.changeToken}
            badges={BLACKJACK_RTP_BADGES}
            disabled={game.phase === "playing" || game.phase === "settling"}
          />
          <StakeField gameType={GameType.BLACKJACK} token={game.token} value={game.bet} onChange={game.setBet} disabled={playing || game.busy} />
          {table && (
            <p className="text-sm text-slate-400" data-testid="stake-on-table">
              On the table:{" "}
              <span className="font-semibold text-white tabular-nums">
                {formatTokenAmount(game.token, split ? game.handBet * 2 : game.handBet)} {game.token}
              </span>
            </p>
          )}
          <HandActions game={game} />
          {game.note && <HandNoteLine note={game.note} />}
          {playing && table?.idle && <IdleNotice idle={table.idle} />}
          <OneClickPrompt />
          <BetTerms />
          <BetStatus game="blackjack" />
          <ul className="space-y-1 text-xs text-slate-400">
            <li>
              Blackjack pays {natural}, a win {win}, a push returns your bet{game.token === "BNB" && " (BNB pays the winnings at 0.98x)"}.
            </li>
            {/* Blackjack's return depends on the play, so it is a measurement (engine/src/rtp.ts), shown as one. */}
            <li data-testid="blackjack-rtp">
              RTP about {blackjackRtpPercent(game.token)} with {game.token} for a player of basic strategy (10^6 simulated hands).
            </li>
            <li>Split two cards of equal value once; it takes a second bet.</li>
            <li>The dealer draws to 16 and stands on every 17.</li>
          </ul>
          <FairnessPanel />
        </div>
      </div>
      <Confetti burst={game.winBurst} />
    </section>
  );
}
