// A batch's recipients made ready to store: every number normalised to the 254… form (any form operators paste),
// duplicates kept once. Any invalid number refuses the whole batch with the reasons, so nothing is dropped silently.
import "server-only";
import { AppError } from "@/lib/errors/app-error";
import { normalizePhone } from "@/lib/provider/wire/phone";
import { formatCount } from "@/lib/numbers/format";

/** `listRow`: the recipient's row in the batch's list (a resend of a batch sent from one keeps it). */
export type RecipientInput = { phone: string; text?: string | null | undefined; listRow?: number | null | undefined };
export type PreparedRecipients = {
  phones: string[];
  texts: (string | null)[];
  rows: (number | null)[];
  duplicates: number;
};

/** How many invalid numbers are listed one by one; the rest are counted. */
const LISTED = 20;

export function prepareRecipients(recipients: readonly RecipientInput[]): PreparedRecipients {
  const phones: string[] = [];
  const texts: (string | null)[] = [];
  const rows: (number | null)[] = [];
  const seen = new Set<string>();
  const reasons: string[] = [];
  let invalid = 0;
  let duplicates = 0;
  recipients.forEach((recipient, index) => {
    const check = normalizePhone(recipient.phone, { lenient: true });
    if (!check.ok) {
      invalid++;
      if (reasons.length < LISTED)
        reasons.push(`Recipient ${index + 1} (${recipient.phone.slice(0, 30)}): ${check.reason}`);
      return;
    }
    if (seen.has(check.phone)) {
      duplicates++;
      return;
    }
    seen.add(check.phone);
    phones.push(check.phone);
    texts.push(recipient.text ?? null);
    rows.push(recipient.listRow ?? null);
  });
  if (invalid > 0) {
    if (invalid > LISTED) reasons.push(`…and ${formatCount(invalid - LISTED)} more.`);
    throw new AppError("INVALID_INPUT", `${formatCount(invalid)} recipient number(s) are not valid Kenyan numbers.`, {
      recipients: reasons,
    });
  }
  return { phones, texts, rows, duplicates };
}
