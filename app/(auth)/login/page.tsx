import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/login-form";
import { appOrigin } from "@/lib/auth/app-origin";
import { safeCallbackPath } from "@/lib/auth/safe-callback";
import { currentActor } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Log in" };

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ callbackUrl?: string }> }) {
  if (await currentActor()) redirect("/");
  const { callbackUrl } = await searchParams;
  // Only paths on this console: anything else would make the login page an open redirect.
  const next = safeCallbackPath(callbackUrl, appOrigin());
  return (
    <main className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-sm rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <h1 className="text-2xl font-semibold">Tuma</h1>
        <p className="mt-1 text-sm text-slate-600">Log in to send and track messages.</p>
        <LoginForm callbackUrl={next} />
      </div>
    </main>
  );
}
