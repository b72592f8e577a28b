// The header of a page under Settings (units, voice language): its title, what it is for, and the way back.
import { TextLink } from "@/components/ui/text-link";
import { PageHeader } from "@/components/ui/page-header";

export function SettingsPageHeader({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <p className="text-sm">
        <TextLink href="/settings">Back to Settings</TextLink>
      </p>
    </>
  );
}
