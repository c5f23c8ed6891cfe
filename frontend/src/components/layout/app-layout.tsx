import { Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router-dom";
import { PageSpinner } from "@/components/ui/page-spinner";
import { Toaster } from "@/components/ui/toaster";
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
      <ScrollRestoration />
    </div>
  );
}
