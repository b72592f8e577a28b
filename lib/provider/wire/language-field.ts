// The voice request's language field (docs/voice-language.md): the spec says voice offers 26 languages but shows no
// field, so an administrator names it per account. It can never be a field the spec uses (in a request, a result or
// a receipt) nor one that smells of the token: a language must not overwrite the message, the number or the
// credentials. Shared by the account setting, the request builder and the sandbox. Safe in the browser.
import { z } from "zod";

export const RESERVED_FIELDS = [
  // Requests (spec 2.1, 2.2).
  "originator",
  "message",
  "phone",
  "voice",
  "repeat",
  "correlator",
  "endpoint",
  "sender",
  "link_id",
  // Results and receipts (spec 2.4, 2.5).
  "status",
  "data",
  "uniqueId",
  "client_id",
  "operator",
  "sms_units",
  "short_code",
  "end_point",
  "batch_id",
  "created_at",
  "deliveryStatus",
  "deliveryTime",
  // The credentials (spec 5), under any name a gateway might read them from.
  "token",
  "access_token",
  "authorization",
  "bearer",
  "api_key",
] as const;

const reserved = new Set(RESERVED_FIELDS.map((name) => name.toLowerCase()));

/** Letters, digits and _ (a JSON key that reads as a field name), at most 40. */
export const languageFieldSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, "A field name: a letter, then letters, digits or _ (at most 40).")
  .refine((name) => !reserved.has(name.toLowerCase()) && !name.toLowerCase().includes("token"), {
    message: `That name is one the provider's API already uses (or names the token): choose another. Reserved: ${RESERVED_FIELDS.join(", ")}.`,
  });

/** One allowed value as the provider spells it ("en", "sw", "en-KE"): letters, digits, - and _, at most 20. */
export const languageValueSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,19}$/, "A language value: letters, digits, - or _ (at most 20).");

/** The spec's count of voice languages, with room for spellings: more than this is a typing accident. */
export const MAX_LANGUAGES = 40;

export const languageSettingSchema = z
  .object({
    field: languageFieldSchema,
    languages: z
      .array(languageValueSchema)
      .min(1, "List at least one language value.")
      .max(MAX_LANGUAGES, `At most ${MAX_LANGUAGES} languages.`)
      .refine((values) => new Set(values).size === values.length, "Each language once."),
  })
  .nullable();

export type LanguageSetting = z.infer<typeof languageSettingSchema>;
