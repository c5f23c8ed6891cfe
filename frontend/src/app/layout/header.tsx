import { Link, useLocation } from "react-router-dom";
import { buttonClasses } from "@/components/ui/button";
import { ArrowLeftIcon, ShieldCheckIcon, TrophyIcon } from "@/components/ui/icons";
import { LogoMark } from "@/components/ui/logo";
import { SoundToggle } from "./sound-toggle";
import { WalletWidget } from "./wallet-widget";

export function Header() {
  const { pathname } = useLocation();
  const showLobbyButton = pathname !== "/";

  return (
    <header data-testid="app-header" className="sticky top-0 z-40 border-b border-white/10 bg-night-950/75 backdrop-blur-lg print:hidden">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:gap-3 sm:px-6">
        {showLobbyButton && (
          <Link to="/" className={buttonClasses("secondary", "md", "px-3")} data-testid="lobby-back">
            <ArrowLeftIcon className="size-4" />
            Lobby
          </Link>
        )}
        {/* On a phone the Lobby button is the way home where it shows: beside it, the logo squeezed under the icons after it. */}
        <Link to="/" aria-label="DEGEN Casino home" className={`min-w-0 items-center gap-2 ${showLobbyButton ? "hidden sm:flex" : "flex"}`}>
          <LogoMark className="size-9" />
          <span className={`truncate font-display text-lg font-black tracking-tight ${showLobbyButton ? "hidden sm:inline" : ""}`}>
            <span className="neon-text">DEGEN</span> <span className="text-white">Casino</span>
          </span>
        </Link>
        <div className="ml-auto flex items-center gap-2">
          <LeaderboardLink />
          <FairnessLink />
          <SoundToggle />
          <WalletWidget />
        </div>
      </div>
    </header>
  );
}

/** The fairness page from every page: an icon on a phone, where the header has no room for words. */
function FairnessLink() {
  return (
    <Link
      to="/fairness"
      aria-label="Provably fair"
      title="Provably fair: check your bets"
      data-testid="header-fairness"
      className="flex h-10 items-center gap-1.5 rounded-xl border border-white/10 bg-white/5 px-2.5 text-sm font-semibold text-slate-100 transition hover:border-cyan/60 hover:bg-white/10"
    >
      <ShieldCheckIcon className="size-5 text-cyan" />
      <span className="hidden lg:inline">Provably fair</span>
    </Link>
  );
}

/** The leaderboards from every page wider than a phone: an icon where the header has no room for words. */
function LeaderboardLink() {
  return (
    <Link
      to="/leaderboard"
      aria-label="Leaderboards"
      title="Leaderboards: who wagered and won the most"
      data-testid="header-leaderboard"
      // Not on a phone, where the header has no room left: the live bets link there instead.
      className="hidden h-10 sm:flex items-center gap-1.5 rounded-xl border border-white/10 bg-white/5 px-2.5 text-sm font-semibold text-slate-100 transition hover:border-gold/60 hover:bg-white/10"
    >
      <TrophyIcon className="size-5 text-gold" />
      <span className="hidden lg:inline">Leaderboards</span>
    </Link>
  );
}
