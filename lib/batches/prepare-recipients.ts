// A batch's recipients made ready to store: every number normalised to the 254… form (any form operators paste),
// repeats kept once. Any invalid number refuses the whole batch with the reasons, so nothing is dropped silently.
//
// What counts as a repeat depends on who composed the batch (compose-batch.ts): for pasted and uploaded lists a
// number is one recipient (the console's rule), while an API request is a list of messages — the same number twice
// is two messages when their texts (after personalisation), references or metadata differ (a mother with two
// children booked), and only identical ones merge; `merged` says which input was merged into which (issue 36).
import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { normalizePhone } from "@/lib/provider/wire/phone";
import { formatCount } from "@/lib/numbers/format";

/** `listRow`: the recipient's row in the batch's list (a resend of a batch sent from one keeps it). */
export type RecipientInput = {
  phone: string;
  text?: string | null | undefined;
  listRow?: number | null | undefined;
  /** The caller's reference and metadata (API only: docs/api.md "References"). */
  reference?: string | null | undefined;
  metadata?: Readonly<Record<string, string | number | boolean>> | null | undefined;
  /** The language whose variant the recipient is sent (Message.language); null: the default. */
  language?: string | null | undefined;
};

/** "phone": one recipient per number (the console). "message": one per distinct number, text, reference, metadata. */
export type RepeatRule = "phone" | "message";

export type PreparedRecipients = {
  phones: string[];
  texts: (string | null)[];
  rows: (number | null)[];
  references: (string | null)[];
  /** Each kept recipient's metadata as JSON text (null: none), as it is stored. */
  metadata: (string | null)[];
  languages: (string | null)[];
  /** Each kept recipient's index in the input. */
  indexes: number[];
  duplicates: number;
  /** Each repeat left out: its index in the input, and the index of the recipient it was merged into. */
  merged: { index: number; into: number }[];
};

/** How many invalid numbers are listed one by one; the rest are counted. */
const LISTED = 20;

export function prepareRecipients(
  recipients: readonly RecipientInput[],
  rule: RepeatRule = "phone",
): PreparedRecipients {
  const out: PreparedRecipients = {
    phones: [],
    texts: [],
    rows: [],
    references: [],
    metadata: [],
    languages: [],
    indexes: [],
    duplicates: 0,
    merged: [],
  };
  const seen = new Map<string, number>();
  const reasons: string[] = [];
  let invalid = 0;
  recipients.forEach((recipient, index) => {
    const check = normalizePhone(recipient.phone, { lenient: true });
    if (!check.ok) {
      invalid++;
      if (reasons.length < LISTED)
        reasons.push(`Recipient ${index + 1} (${recipient.phone.slice(0, 30)}): ${check.reason}`);
      return;
    }
    const metadata = recipient.metadata ? JSON.stringify(recipient.metadata) : null;
    const key =
      rule === "phone"
        ? check.phone
        : JSON.stringify([
            check.phone,
            recipient.text ?? null,
            recipient.reference ?? null,
            metadata,
            recipient.language ?? null,
          ]);
    const first = seen.get(key);
    if (first !== undefined) {
      out.duplicates++;
      out.merged.push({ index, into: first });
      return;
    }
    seen.set(key, index);
    out.phones.push(check.phone);
    out.texts.push(recipient.text ?? null);
    out.rows.push(recipient.listRow ?? null);
    out.references.push(recipient.reference ?? null);
    out.metadata.push(metadata);
    out.languages.push(recipient.language ?? null);
    out.indexes.push(index);
  });
  if (invalid > 0) {
    if (invalid > LISTED) reasons.push(`…and ${formatCount(invalid - LISTED)} more.`);
    throw new AppError("INVALID_INPUT", `${formatCount(invalid)} recipient number(s) are not valid Kenyan numbers.`, {
      recipients: reasons,
    });
  }
  return out;
}
