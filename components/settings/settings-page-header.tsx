// The header of a page under Settings (units, voice language): its title, what it is for, and the way back.
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";

export function SettingsPageHeader({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <p className="text-sm">
        <Link href="/settings" className="text-sky-700 underline">
          Back to Settings
        </Link>
      </p>
    </>
  );
}
