import Link from "next/link";
import type { ReactNode } from "react";
import { LogoutButton } from "@/components/auth/logout-button";
import { MainNav } from "@/components/console/main-nav";
import { NumberSearch } from "@/components/numbers/number-search";
import { QueryProvider } from "@/components/providers/query-provider";
import { TimeZoneProvider } from "@/components/time/time-zone-provider";
import { requireActor } from "@/lib/auth/session";
import { navFor } from "@/lib/console/nav-items";
import { getOrgTimeZone } from "@/lib/organisation/time-zone";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  // The page decides about one-time passwords (the account page must still render inside this layout).
  const actor = await requireActor(undefined, { whilePasswordMustChange: true });
  // Every time on every page is shown in the organisation's zone, client components included (never the browser's).
  const timeZone = await getOrgTimeZone();
  return (
    <div className="min-h-screen">
      <header className="relative border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <span className="text-lg font-semibold">Tuma</span>
          <MainNav items={actor.mustChangePassword ? [] : navFor(actor)} />
          <div className="ml-auto flex min-w-0 items-center gap-3 text-sm">
            {actor.mustChangePassword ? null : <NumberSearch id="number-search" compact />}
            <Link href="/account" data-testid="current-user" className="truncate hover:underline">
              {actor.name} <span className="text-slate-500">({actor.role.toLowerCase()})</span>
            </Link>
            <LogoutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <TimeZoneProvider zone={timeZone}>
          <QueryProvider>{children}</QueryProvider>
        </TimeZoneProvider>
      </main>
    </div>
  );
}
