import { lazy, Suspense } from "react";
import { Outlet } from "react-router-dom";
import { PageSpinner } from "@/components/ui/page-spinner";
import { Toaster } from "@/features/toast";
import { JackpotCelebration } from "@/features/bets";
import { loadLiveFloor } from "@/features/live-bets";
import { Header } from "./header";
import { ScrollToTop } from "./scroll-to-top";

/** Live bets and jackpot announcements: their own chunk, so the lobby's first load stays as it was. */
const LiveFloor = lazy(loadLiveFloor);

export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <main className="flex-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
        <Suspense fallback={null}>
          <LiveFloor />
        </Suspense>
      </main>
      <Toaster />
      <JackpotCelebration />
      <ScrollToTop />
    </div>
  );
}
