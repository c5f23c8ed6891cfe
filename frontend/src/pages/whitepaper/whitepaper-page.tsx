import { Link } from "react-router-dom";
import { Button, buttonClasses } from "@/components/ui/button";
import { ArrowLeftIcon, DownloadIcon, WarningIcon } from "@/components/ui/icons";
import { LogoMark } from "@/components/ui/logo";
import { TARGET_CHAIN_NAME } from "@/config/economics";
import { WHITEPAPER_SECTIONS } from "./whitepaper-sections";

export default function WhitepaperPage() {
  return (
    <article className="print-document mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14" data-testid="whitepaper">
      <header className="flex flex-col gap-6">
        <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
          <Link to="/lobby" className={buttonClasses("secondary", "md")}>
            <ArrowLeftIcon className="size-4" /> Back to Lobby
          </Link>
          <Button variant="primary" onClick={() => window.print()} data-testid="download-pdf">
            <DownloadIcon className="size-4" /> Download PDF
          </Button>
        </div>
        <div className="flex items-center gap-4">
          <LogoMark className="size-14 sm:size-16" />
          <div className="min-w-0">
            <p className="text-xs font-semibold tracking-wider text-cyan">Whitepaper</p>
            <h1 className="font-display text-3xl font-black tracking-tight sm:text-4xl">
              <span className="neon-text">DEGEN</span> <span className="text-white">Casino</span>
            </h1>
          </div>
        </div>
        <nav aria-label="Contents" className="glass-card p-5 print:hidden">
          <h2 className="text-xs font-semibold tracking-wider text-slate-400">Contents</h2>
          <ol className="mt-3 grid list-decimal gap-x-8 gap-y-1 pl-5 text-sm text-slate-200 sm:grid-cols-2">
            {WHITEPAPER_SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`} className="hover:text-cyan">
                  {section.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </header>

      <div className="mt-8 flex flex-col gap-6">
        {WHITEPAPER_SECTIONS.map((section, index) => (
          <section
            key={section.id}
            id={section.id}
            aria-labelledby={`${section.id}-title`}
            data-testid="whitepaper-section"
            className="glass-card scroll-mt-24 p-6 sm:p-8"
          >
            <h2 id={`${section.id}-title`} className="font-display text-xl font-bold text-white sm:text-2xl">
              <span aria-hidden="true" className="mr-2 text-gold tabular-nums">
                {String(index + 1).padStart(2, "0")}
              </span>
              {section.title}
            </h2>
            <div className="mt-3 flex flex-col gap-3 leading-relaxed text-slate-300">{section.body}</div>
          </section>
        ))}
      </div>

      <footer role="note" data-testid="testnet-warning" className="mt-10 rounded-2xl border border-pink/50 bg-pink/10 p-5 text-sm text-pink-100">
        <p className="flex items-center gap-2 font-bold text-pink">
          <WarningIcon className="size-4" /> Testnet only
        </p>
        <p className="mt-1">
          DEGEN Casino runs on {TARGET_CHAIN_NAME} with test tokens that have no monetary value. Nothing in this document is financial advice or an offer of any
          asset. Contract addresses and figures may change before any mainnet release.
        </p>
      </footer>
    </article>
  );
}
