import type { Metadata } from "next";
import { requireActor } from "@/lib/auth/session";
import { canSend } from "@/lib/auth/permissions";
import { listAccounts } from "@/lib/accounts/list-accounts";

export const metadata: Metadata = { title: "Compose" };
export const dynamic = "force-dynamic";

export default async function ComposePage() {
  await requireActor(canSend);
  const accounts = await listAccounts();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Compose</h1>
      <p className="text-slate-600">
        Sending through {accounts.find((account) => account.isDefault)?.name ?? "no provider account yet"}.
      </p>
    </div>
  );
}
