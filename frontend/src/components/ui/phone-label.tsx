/** A column's heading inside a row, shown on a phone where the headings row is hidden (and read by screen readers on any screen). */
export function PhoneLabel({ children }: { children: string }) {
  return <span className="font-normal text-slate-500 sm:sr-only">{children}</span>;
}
