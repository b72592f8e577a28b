// The API's recipients as createBatch takes them, checked one by one so every bad item is named by its machine path
// (lib/api/problem.ts): a number alone gets the template as is; {phone, fields} gets the template with its
// {{placeholders}} filled from its fields (names compared as the renderer compares them: case and spaces ignored), by
// the same renderer as a list's rows (lib/recipients/render-template.ts). A recipient with no value, or a blank one,
// for a placeholder is refused with its index and the field — never sent with a blank — unless the request gives
// that field a value in `fieldDefaults`. A placeholder no recipient has a field for is refused on templateText, as
// for a list. An invalid number is refused here with its path, before createBatch would refuse it with a count.
// A recipient whose `language` has a variant (lib/batches/variants.ts) is rendered from that variant's text, checked
// the same way (its unknown placeholders refused on variants[i].text); anyone else from the default.
import { normalizePhone } from "@/lib/provider/wire/phone";
import { compileTemplate, placeholderKey } from "@/lib/recipients/render-template";
import { validationProblem, type FieldProblem } from "./problem";
import type { Metadata } from "./schemas/reference";
import type { Variant } from "@/lib/batches/variants";
import { matchLanguage } from "@/lib/languages/known-languages";

type Recipient =
  | string
  | {
      phone: string;
      fields?: Record<string, string> | undefined;
      reference?: string | undefined;
      metadata?: Metadata | undefined;
      /** A language as the caller wrote it (sw, Kiswahili, …): matched leniently, refused when it names none. */
      language?: string | undefined;
    };

/** A recipient as createBatch takes it, with the caller's reference and metadata carried along. */
export type PersonalisedRecipient = {
  phone: string;
  text: string | null;
  reference: string | null;
  metadata: Metadata | null;
  /** The recipient's language when the batch has its variant; null: the default text. */
  language: string | null;
};

export function personalise(
  templateText: string,
  recipients: readonly Recipient[],
  fieldDefaults: Readonly<Record<string, string>> = {},
  variants: readonly Variant[] = [],
): PersonalisedRecipient[] {
  // Every field name any recipient (or the defaults) has, once per key; a recipient's values by the same keys.
  const keys = new Map<string, string>();
  const add = (name: string) => {
    const key = placeholderKey(name);
    if (!keys.has(key)) keys.set(key, name);
  };
  for (const name of Object.keys(fieldDefaults)) add(name);
  for (const recipient of recipients)
    if (typeof recipient !== "string") for (const name of Object.keys(recipient.fields ?? {})) add(name);
  const columns = [...keys.keys()];
  const compiled = compileTemplate(templateText, columns);
  const byLanguage = new Map(variants.map((variant) => [variant.language, compileTemplate(variant.text, columns)]));
  // A placeholder nobody has is the text's mistake (a typo, most often): one error on the text, with its own code,
  // rather than one missing_field per recipient.
  const unknown: FieldProblem[] = [];
  [compiled, ...byLanguage.values()].forEach((template, i) => {
    if (!template.unknown.length) return;
    unknown.push({
      path: i === 0 ? "templateText" : `variants[${i - 1}].text`,
      code: "unknown_placeholder",
      message: `No recipient has a field for {{${template.unknown.join("}}, {{")}}}: add it to their fields (or to fieldDefaults), or remove it from the message.`,
    });
  });
  if (unknown.length) throw validationProblem(unknown);
  const defaults = byKey(fieldDefaults);
  const problems: FieldProblem[] = [];
  const out = recipients.map((recipient, index) => {
    const phone = typeof recipient === "string" ? recipient : recipient.phone;
    const reference = typeof recipient === "string" ? null : (recipient.reference ?? null);
    const metadata = typeof recipient === "string" ? null : (recipient.metadata ?? null);
    const written = typeof recipient === "string" ? undefined : recipient.language;
    const wanted = matchLanguage(written);
    if (written?.trim() && !wanted)
      problems.push({
        path: `recipients[${index}].language`,
        code: "unknown_language",
        message: `“${written.slice(0, 40)}” is not a language Tuma knows: give its code (sw, en, …) or its name (Kiswahili, English).`,
      });
    const variant = wanted ? byLanguage.get(wanted) : undefined;
    const language = variant ? wanted! : null;
    const template = variant ?? compiled;
    const at = typeof recipient === "string" ? `recipients[${index}]` : `recipients[${index}].phone`;
    const check = normalizePhone(phone, { lenient: true });
    if (!check.ok) problems.push({ path: at, code: "invalid_phone", message: check.reason });
    if (!template.personalised) return { phone, text: null, reference, metadata, language };
    const own = byKey(typeof recipient === "string" ? {} : (recipient.fields ?? {}));
    const values = columns.map((key) => (own.get(key)?.trim() ? own.get(key) : defaults.get(key)));
    const rendered = template.render(values);
    for (const name of rendered.empty)
      problems.push({
        path: `recipients[${index}].fields.${name}`,
        code: "missing_field",
        message: `This recipient has no value for {{${name}}}: give it one, or a default in fieldDefaults.`,
      });
    return { phone, text: rendered.text, reference, metadata, language };
  });
  if (problems.length) throw validationProblem(problems);
  return out;
}

function byKey(fields: Readonly<Record<string, string>>): Map<string, string> {
  const map = new Map<string, string>();
  for (const [name, value] of Object.entries(fields)) {
    const key = placeholderKey(name);
    if (!map.has(key) || !map.get(key)?.trim()) map.set(key, value);
  }
  return map;
}
