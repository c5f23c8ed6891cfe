import { HouseBooksView } from "@/features/house";

/** The house's books (/house, docs/product.md "The house page"), read from the chain in this browser for anyone. */
export default function HousePage() {
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:px-6 sm:py-10" data-testid="house-page">
      <header className="flex flex-col gap-2">
        <p className="text-xs font-semibold tracking-wider text-cyan">The house</p>
        <h1 className="font-display text-3xl font-black tracking-tight text-white sm:text-4xl">The house's books</h1>
        <p className="max-w-3xl text-slate-300">
          What backs every bet, what the house has won and lost, and whether that is what its published odds predict: added up in this browser from the Casino's
          events, so that anyone can check the house.
        </p>
      </header>
      <HouseBooksView />
    </div>
  );
}
