import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { NumberSearch } from "@/components/numbers/number-search";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { requireActor } from "@/lib/auth/session";
import { numberFrom } from "@/lib/number-story/number-story";

export const metadata: Metadata = { title: "Find a number" };
export const dynamic = "force-dynamic";

/** Where the header's search box goes: a number in any Kenyan form opens its page; anything else is told why. */
export default async function NumbersPage({ searchParams }: { searchParams: Promise<{ q?: string | string[] }> }) {
  await requireActor();
  const raw = (await searchParams).q;
  const q = typeof raw === "string" ? raw.trim().slice(0, 40) : "";
  const found = q ? numberFrom(q) : null;
  if (found?.ok) redirect(`/numbers/${found.phone}`);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Find a number"
        description="Every message sent to one number, across every batch: type it in any form (0712 345 678, +254 712 345 678, 712345678)."
      />
      {found && !found.ok ? (
        <Notice tone="error">
          “{q}” is not a phone number: {found.reason}
        </Notice>
      ) : null}
      <NumberSearch id="number-search-page" defaultValue={q} />
    </div>
  );
}
