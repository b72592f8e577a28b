// An account's voice language field (docs/voice-language.md): the request field's name and the values it allows, set
// by an administrator, audited; the name is checked against the fields the spec uses (language-field.ts) so that a
// language can never overwrite the message, the number or the token. An empty name turns the field off.
import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { transaction } from "@/lib/db/transaction";
import { AppError } from "@/lib/errors/app-error";
import { languageSettingSchema, type LanguageSetting } from "@/lib/provider/wire/language-field";

/** The form: the field's name (empty: off) and the values, one per line or separated by commas. */
export const voiceLanguageFormSchema = z
  .object({
    accountId: z.uuid("Choose a provider account."),
    field: z.string().trim().max(100).default(""),
    languages: z.string().max(2_000, "At most 2,000 characters.").default(""),
  })
  .transform(({ accountId, field, languages }, ctx) => {
    if (field === "") return { accountId, setting: null };
    const values = languages
      .split(/[\r\n,]+/)
      .map((v) => v.trim())
      .filter(Boolean);
    const parsed = languageSettingSchema.safeParse({ field, languages: values });
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: "custom", path: [String(issue.path[0] ?? "field")], message: issue.message });
      return z.NEVER;
    }
    return { accountId, setting: parsed.data };
  });

export async function setVoiceLanguage(
  input: { accountId: string; setting: LanguageSetting },
  actorId: string,
): Promise<void> {
  await transaction(async (client) => {
    const { rowCount } = await client.query(
      `UPDATE "ProviderAccount" SET "languageField" = $2, languages = $3, "updatedAt" = now() WHERE id = $1`,
      [input.accountId, input.setting?.field ?? null, input.setting?.languages ?? []],
    );
    if (rowCount !== 1) throw new AppError("NOT_FOUND", "That provider account does not exist.");
    await recordAudit(
      {
        actorId,
        action: "account.voice_language",
        targetType: "ProviderAccount",
        targetId: input.accountId,
        detail: { field: input.setting?.field ?? null, languages: input.setting?.languages ?? [] },
      },
      client,
    );
  });
}

/** A batch's language against its account's setting: refused when the account names no field or does not allow it. */
export function languageProblem(
  language: string | null | undefined,
  account: { languageField: string | null; languages: string[] },
): AppError | null {
  if (!language) return null;
  const message = !account.languageField
    ? "This account sends no language: an administrator names its field in Settings → Voice language."
    : account.languages.includes(language)
      ? null
      : `“${language}” is not a language this account allows (${account.languages.join(", ")}).`;
  return message ? new AppError("INVALID_INPUT", message, { language: [message] }) : null;
}
