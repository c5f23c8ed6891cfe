import { Confetti } from "@/components/ui/confetti";

/** The jackpot hit's banner over every page, with confetti (jackpot-celebration.tsx shows it). */
export default function JackpotBanner({ burst, amount, durationMs }: { burst: number; amount: string; durationMs: number }) {
  return (
    <>
      <Confetti burst={burst} durationMs={durationMs} pieces={140} />
      <div
        role="status"
        data-testid="jackpot-celebration"
        className="pointer-events-none fixed inset-x-0 top-24 z-50 mx-auto w-fit rounded-2xl border border-gold/60 bg-night-950/90 px-6 py-4 text-center shadow-[0_0_40px_-6px_rgb(255_210_63/0.7)]"
      >
        <div className="font-display text-3xl font-black text-gold">JACKPOT!</div>
        <div className="mt-1 text-sm text-slate-100">
          You won <span className="font-semibold tabular-nums">{Number(amount).toFixed(2)} DEGEN</span> from the jackpot
        </div>
      </div>
    </>
  );
}
