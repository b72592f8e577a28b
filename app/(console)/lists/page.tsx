import type { Metadata } from "next";
import { SavedLists } from "@/components/lists/saved-lists";
import { UploadList } from "@/components/lists/upload-list";
import { ButtonLink } from "@/components/ui/button";
import { PageHeader } from "@/components/ui/page-header";
import { canSend } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { findLists } from "@/lib/lists/find-lists";

export const metadata: Metadata = { title: "Lists" };
export const dynamic = "force-dynamic";

export default async function ListsPage() {
  await requireActor(canSend);
  const lists = await findLists();
  return (
    <div className="space-y-6">
      <PageHeader
        title="Lists"
        description="Upload recipient lists (CSV or XLSX). Every column other than the phone number becomes a {{placeholder}}."
        actions={
          <ButtonLink href="/compose" size="sm">
            Compose
          </ButtonLink>
        }
      />
      <UploadList />
      <h2 className="text-lg font-semibold">Saved lists</h2>
      <SavedLists lists={lists} />
    </div>
  );
}
