import { useEffect, useState, type ReactNode } from "react";
import { Link, useLocation, useParams } from "react-router-dom";
import { fromBaseUnits } from "@engine/tokens";
import { Button } from "@/components/ui/button";
import { gameTitle } from "@/config/games";
import { formatTokenAmount } from "@/config/tokens";
import { BetHistoryEntry, loadPublicBet, type PublicBet } from "@/features/bets";
import { CheckSteps } from "./check-steps";
import { outcomeLine } from "./outcome-line";

type Reading = { status: "loading" } | { status: "error"; error: string } | PublicBet;

/**
 * A bet's own page (/bet/<betId>, docs/product.md §"The bet page"): what was staked and paid, the
 * outcome as its game draws it, the transactions, the house's commitment and revealed seed, the
 * client seed, the jackpot draw and the fairness page's check, run in this browser from the chain
 * alone, for anyone with the link.
 */
export default function BetPage() {
  const { betId: text = "" } = useParams();
  // useLocation, not useSearchParams: the router's chunk is the lobby's too (bench/lobby-js.ts).
  const { search } = useLocation();
  const [reading, setReading] = useState<Reading>({ status: "loading" });
  const [parsed, setParsed] = useState<bigint | null | undefined>(undefined);

  useEffect(() => {
    let current = true;
    setReading({ status: "loading" });
    void loadPublicBet().then(async ({ parseBetId, readPublicBet }) => {
      const id = parseBetId(text);
      if (!current) return;
      setParsed(id);
      if (id === null) return;
      const near = Number(new URLSearchParams(search).get("block") ?? NaN);
      try {
        const answer = await readPublicBet(id, Number.isSafeInteger(near) ? near : undefined);
        if (current) setReading(answer);
      } catch (error) {
        if (current) setReading({ status: "error", error: (error as Error).message });
      }
    });
    return () => {
      current = false;
    };
  }, [text, search]);

  if (parsed === null) {
    return (
      <Frame title="Bet">
        <p role="alert" className="text-pink" data-testid="bet-page-invalid">
          “{text}” is not a bet id. A bet id is the number the Casino's BetPlaced event gives the bet.
        </p>
      </Frame>
    );
  }
  switch (reading.status) {
    case "loading":
      return (
        <Frame title="Bet">
          <p className="text-sm text-slate-400">Reading the bet from the chain…</p>
        </Frame>
      );
    case "error":
      return (
        <Frame title="Bet">
          <p role="alert" className="text-sm text-pink">
            Reading the chain failed: {reading.error}
          </p>
        </Frame>
      );
    case "unknown":
      return (
        <Frame title="Bet">
          <p className="text-slate-300" data-testid="bet-page-unknown">
            No bet with this id was placed on this Casino. Check the link: a bet shows here from the block that placed it.
          </p>
        </Frame>
      );
    case "open":
      return (
        <Frame title={`${gameTitle(reading.bet)} bet`}>
          <p className="text-slate-300" data-testid="bet-page-open">
            This bet is not settled yet: {formatTokenAmount(reading.bet.token, fromBaseUnits(reading.bet.amount))} {reading.bet.token} staked in block{" "}
            {reading.bet.placedBlock}. Its page shows its outcome and its check once the house settles it
            {reading.claimableAt > 0 && `, or its player claims it back after ${new Date(reading.claimableAt * 1000).toLocaleString()}`}.
          </p>
        </Frame>
      );
    case "settled":
      return <SettledBet reading={reading} />;
  }
}

function SettledBet({ reading }: { reading: Extract<PublicBet, { status: "settled" }> }) {
  const { entry, head } = reading;
  const outcome = entry.check?.outcome;
  return (
    <Frame title={`${gameTitle(entry.bet)} bet`} share>
      <p className="text-sm text-slate-300">
        Placed by{" "}
        <Link to={`/player/${entry.bet.player}`} className="font-mono break-all text-cyan underline-offset-2 hover:underline" data-testid="bet-page-player">
          {entry.bet.player}
        </Link>{" "}
        on {reading.chainName}.
      </p>
      {outcome && (
        <p className="font-semibold text-white" data-testid="bet-page-outcome">
          {outcomeLine(outcome)}
        </p>
      )}
      <ol className="flex flex-col" data-testid="bet-page-check">
        <BetHistoryEntry entry={entry} head={head} onClaim={() => undefined} />
      </ol>
      <CheckSteps entry={entry} outcome={outcome ? outcomeLine(outcome) : null} />
      <p className="text-xs text-slate-400">
        Checked in this browser from the chain alone, with the same code as the{" "}
        <Link to="/fairness" className="text-cyan underline-offset-2 hover:underline">
          fairness page
        </Link>
        .
      </p>
    </Frame>
  );
}

function Frame({ title, share = false, children }: { title: string; share?: boolean; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8 sm:px-6 sm:py-10" data-testid="bet-page">
      <header className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <p className="text-xs font-semibold tracking-wider text-cyan">Bet</p>
          <h1 className="font-display text-3xl font-black tracking-tight text-white sm:text-4xl">{title}</h1>
        </div>
        {share && <ShareLink />}
      </header>
      {children}
    </div>
  );
}

/** Copies the page's address; where the browser refuses the clipboard, shows it to copy by hand. */
function ShareLink() {
  const [copied, setCopied] = useState<"idle" | "copied" | "manual">("idle");
  const share = () => {
    navigator.clipboard.writeText(window.location.href).then(
      () => setCopied("copied"),
      () => setCopied("manual"),
    );
  };
  return (
    <div className="ml-auto flex flex-col items-end gap-1">
      <Button size="sm" variant="secondary" onClick={share} data-testid="bet-page-share">
        Share
      </Button>
      <p aria-live="polite" className="text-xs text-slate-400" data-testid="bet-page-share-note">
        {copied === "copied" && "Link copied"}
        {copied === "manual" && <span className="font-mono break-all select-all">{window.location.href}</span>}
      </p>
    </div>
  );
}
