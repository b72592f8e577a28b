import type { Metadata } from "next";
import Link from "next/link";
import { ComposeForm } from "@/components/compose/compose-form";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState } from "@/components/ui/table";
import { listAccounts } from "@/lib/accounts/list-accounts";
import { canSend } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { createBatchAction } from "./actions";

export const metadata: Metadata = { title: "Compose" };
export const dynamic = "force-dynamic";

export default async function ComposePage() {
  await requireActor(canSend);
  const accounts = await listAccounts();
  return (
    <div className="space-y-6">
      <PageHeader title="Compose" actions={<ButtonLink href="/lists" size="sm">Upload a list</ButtonLink>} />
      {accounts.length === 0 ? (
        <EmptyState>
          There is no provider account yet. An administrator can add one in{" "}
          <Link href="/settings" className="text-sky-700 underline">
            Settings
          </Link>
          .
        </EmptyState>
      ) : (
        <ComposeForm accounts={accounts} action={createBatchAction} />
      )}
    </div>
  );
}
