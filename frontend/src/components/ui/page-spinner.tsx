export function PageSpinner() {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center">
      <span className="size-10 animate-spin rounded-full border-4 border-white/10 border-t-gold" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
