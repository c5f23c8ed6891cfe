import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router-dom";
import { PageSpinner } from "@/components/ui/page-spinner";
import { Toaster } from "@/components/ui/toaster";
import { JackpotCelebration } from "@/features/bets/components/jackpot-celebration";
import { Header } from "./header";

export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main className="flex-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Toaster />
      <JackpotCelebration />
      <ScrollRestoration />
    </div>
  );
}
