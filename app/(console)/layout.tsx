import type { ReactNode } from "react";
import { LogoutButton } from "@/components/auth/logout-button";
import { NavLink } from "@/components/console/nav-link";
import { QueryProvider } from "@/components/providers/query-provider";
import { requireActor } from "@/lib/auth/session";

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const actor = await requireActor();
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl items-center gap-6 px-6 py-3">
          <span className="text-lg font-semibold">Tuma</span>
          <nav aria-label="Main" className="flex gap-1">
            <NavLink href="/">Overview</NavLink>
            <NavLink href="/compose">Compose</NavLink>
            <NavLink href="/batches">Batches</NavLink>
            <NavLink href="/settings">Settings</NavLink>
          </nav>
          <div className="ml-auto flex items-center gap-3 text-sm">
            <span data-testid="current-user">
              {actor.name} <span className="text-slate-500">({actor.role.toLowerCase()})</span>
            </span>
            <LogoutButton />
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-6 py-8">
        <QueryProvider>{children}</QueryProvider>
      </main>
    </div>
  );
}
