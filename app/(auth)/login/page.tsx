import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { appOrigin } from "@/lib/auth/app-origin";
import { safeCallbackPath } from "@/lib/auth/safe-callback";
import { currentActor } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { formatCount } from "@/lib/numbers/format";

export const metadata: Metadata = { title: "Log in" };

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<{ callbackUrl?: string; changed?: string; everywhere?: string; idle?: string }>;
}) {
  if (await currentActor()) redirect("/");
  const { callbackUrl, changed, everywhere, idle } = await searchParams;
  // Only paths on this console: anything else would make the login page an open redirect.
  const next = safeCallbackPath(callbackUrl, appOrigin());
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-semibold">Tuma</h1>
        {/* Where a password change lands (account/actions.ts): it ended every session, this one too — said in words,
            not left to look like an unexplained log-out. */}
        {changed === "1" ? (
          <p
            role="status"
            className="mt-3 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
          >
            Password changed — log in again with your new password. Your other sessions have ended too.
          </p>
        ) : idle === "1" ? (
          // Where an idle session lands (lib/auth/session.ts): said in words, with the limit.
          <p role="status" className="mt-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            Your session ended after {formatCount(env().SESSION_IDLE_MINUTES)} minutes without activity. Log in again.
          </p>
        ) : everywhere === "1" ? (
          <p
            role="status"
            className="mt-3 rounded-md border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-900"
          >
            Logged out everywhere: all your sessions have ended and your API keys are revoked.
          </p>
        ) : (
          <p className="mt-1 text-sm text-slate-600">Log in to send and track messages.</p>
        )}
        <LoginForm callbackUrl={next} />
      </div>
    </main>
  );
}
