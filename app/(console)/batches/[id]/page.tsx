import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { BatchLive } from "@/components/batches/batch-live";
import { canSend } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { getBatch } from "@/lib/batches/get-batch";
import { cancelAction, pauseAction, resendAction, resumeAction } from "./actions";

export const metadata: Metadata = { title: "Batch" };
export const dynamic = "force-dynamic";

export default async function BatchPage({ params }: { params: Promise<{ id: string }> }) {
  const actor = await requireActor();
  const batch = await getBatch((await params).id);
  if (!batch) notFound();
  // The same JSON the live endpoint returns, so the page and its updates agree.
  const initial = JSON.parse(JSON.stringify(batch));
  return (
    <div className="space-y-6">
      <div>
        <Link href="/batches" className="text-sm text-sky-700 underline">
          ← Batches
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">{batch.name}</h1>
        <p className="text-sm text-slate-600">
          {batch.kind === "SMS" ? `SMS from ${batch.sender}` : `Voice from ${batch.originator}`} through {batch.account.name}
          {batch.author ? ` · by ${batch.author.name}` : ""} · created {batch.createdAt.toLocaleString("en-GB")}
          {batch.scheduledAt ? ` · scheduled for ${batch.scheduledAt.toLocaleString("en-GB")}` : ""}
          {batch.parent ? (
            <>
              {" "}· resend of <Link href={`/batches/${batch.parent.id}`} className="text-sky-700 underline">{batch.parent.name}</Link>
            </>
          ) : null}
        </p>
        <p className="mt-2 whitespace-pre-wrap rounded-md bg-white p-3 text-sm shadow-sm">{batch.templateText}</p>
      </div>
      <BatchLive initial={initial} canSend={canSend(actor)} actions={{ pause: pauseAction, resume: resumeAction, cancel: cancelAction, resend: resendAction }} />
    </div>
  );
}
