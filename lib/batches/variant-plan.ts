// The plan per language (issue 39: "the plan tells the truth per language"): for the default text and each variant,
// how many recipients get it, the SMS units they cost (each recipient's own text counted, so a personalised variant
// is counted as sent), the most segments one of them takes, the encoding and the characters that force UCS-2 — the
// figures the review shows per language and the units budget sums (planned-units.ts counts the same texts). Pure, so
// Compose can show it in the browser from the same function the server uses.
import { smsEncoding, smsSegments, ucs2Characters } from "@/lib/provider/wire/sms-units";
import { variantOf, type Variant } from "./variants";

export type LanguagePlan = {
  /** The variant's language code; null: the default text. */
  language: string | null;
  recipients: number;
  /** SMS: the segments of every recipient's text; voice: one per recipient. */
  units: number;
  /** The most segments one recipient's text takes (SMS; 1 for voice). */
  maxSegments: number;
  encoding: "GSM-7" | "UCS-2";
  /** The characters of the text (as written, before personalisation) that GSM-7 cannot carry. */
  ucs2: string[];
};

/**
 * `recipients`: each one's language (a code, or null) and own text (null: its variant's, or the default, as written).
 * A language without a variant is the default's. Rows: the default first, then the variants in their order.
 */
export function planByLanguage(
  kind: "SMS" | "VOICE",
  templateText: string,
  variants: readonly Variant[] | null | undefined,
  recipients: Iterable<{ language: string | null; text: string | null }>,
): LanguagePlan[] {
  const texts = [{ language: null as string | null, text: templateText }, ...(variants ?? [])];
  const rows = new Map<string | null, LanguagePlan>(
    texts.map(({ language, text }) => {
      const encoding = smsEncoding(text);
      return [
        language,
        {
          language,
          recipients: 0,
          units: 0,
          maxSegments: 0,
          encoding,
          ucs2: encoding === "UCS-2" ? ucs2Characters(text) : [],
        },
      ];
    }),
  );
  for (const recipient of recipients) {
    const variant = variantOf(variants, recipient.language);
    const row = rows.get(variant ? variant.language : null)!;
    const text = recipient.text ?? variant?.text ?? templateText;
    const segments = kind === "SMS" ? smsSegments(text) : 1;
    row.recipients++;
    row.units += segments;
    row.maxSegments = Math.max(row.maxSegments, segments);
    if (kind === "SMS" && recipient.text !== null && smsEncoding(text) === "UCS-2") {
      row.encoding = "UCS-2";
      for (const character of ucs2Characters(text)) if (!row.ucs2.includes(character)) row.ucs2.push(character);
    }
  }
  return [...rows.values()];
}

/** Two plans of the same texts (planByLanguage over two parts of the recipients) as one. */
export function mergePlans(a: readonly LanguagePlan[], b: readonly LanguagePlan[]): LanguagePlan[] {
  return a.map((row, i) => {
    const other = b[i]!;
    return {
      language: row.language,
      recipients: row.recipients + other.recipients,
      units: row.units + other.units,
      maxSegments: Math.max(row.maxSegments, other.maxSegments),
      encoding: row.encoding === "UCS-2" || other.encoding === "UCS-2" ? "UCS-2" : "GSM-7",
      ucs2: [...new Set([...row.ucs2, ...other.ucs2])],
    };
  });
}
