// Settings → Voice language: per provider account, the voice request's language field and its allowed values
// (docs/voice-language.md). The spec offers 26 languages but shows no field, so an administrator names it.
import type { Metadata } from "next";
import { VoiceLanguageForm } from "@/components/settings/voice-language-form";
import { SettingsPageHeader } from "@/components/settings/settings-page-header";
import { Card } from "@/components/ui/card";
import { listAccounts } from "@/lib/accounts/list-accounts";
import { canManageAccounts } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { RESERVED_FIELDS } from "@/lib/provider/wire/language-field";
import { setVoiceLanguageAction } from "./actions";

export const metadata: Metadata = { title: "Voice language" };
export const dynamic = "force-dynamic";

export default async function VoiceLanguagePage() {
  await requireActor(canManageAccounts);
  const accounts = await listAccounts();
  return (
    <div className="space-y-8">
      <SettingsPageHeader
        title="Voice language"
        description="The provider offers voice messages in 26 languages but its documentation shows no request field for them. Name the field and its values as the provider tells you: Compose then offers the language for voice batches and every voice request carries it."
      />
      <p className="text-sm text-slate-600">Never one of the API&apos;s own fields: {RESERVED_FIELDS.join(", ")}.</p>
      {accounts.map((account) => (
        <Card key={account.id} title={account.name}>
          <VoiceLanguageForm
            accountId={account.id}
            accountName={account.name}
            field={account.languageField}
            languages={account.languages}
            action={setVoiceLanguageAction}
          />
        </Card>
      ))}
    </div>
  );
}
