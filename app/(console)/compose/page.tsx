import type { Metadata } from "next";
import Link from "next/link";
import { ComposeForm } from "@/components/compose/compose-form";
import { requireActor } from "@/lib/auth/session";
import { canSend } from "@/lib/auth/permissions";
import { listAccounts } from "@/lib/accounts/list-accounts";
import { createBatchAction } from "./actions";

export const metadata: Metadata = { title: "Compose" };
export const dynamic = "force-dynamic";

export default async function ComposePage() {
  await requireActor(canSend);
  const accounts = await listAccounts();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Compose</h1>
      {accounts.length === 0 ? (
        <p className="text-slate-600">
          There is no provider account yet. An administrator can add one in <Link href="/settings" className="text-sky-700 underline">Settings</Link>.
        </p>
      ) : (
        <ComposeForm accounts={accounts} action={createBatchAction} />
      )}
    </div>
  );
}
