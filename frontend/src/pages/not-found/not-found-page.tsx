import { Link } from "react-router-dom";
import { buttonClasses } from "@/components/ui/button";

export default function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24" data-testid="not-found">
      <div className="glass-card flex w-full flex-col items-center gap-5 p-8 sm:p-12">
        <span aria-hidden="true" className="neon-text font-display text-7xl font-black sm:text-8xl">
          404
        </span>
        <h1 className="font-display text-2xl font-bold text-white sm:text-3xl">Page Not Found</h1>
        <p className="text-slate-300">Did you forget to add the page to the router?</p>
        <Link to="/" className={buttonClasses("primary", "md")}>
          Back to the lobby
        </Link>
      </div>
    </section>
  );
}
