// What an operator types in a batch's recipient search: a phone number in any form (+254 712-345 678, 0712345678,
// 712345678…), a correlator (the message id, digits), or any text of the recipient's row in the list the batch was
// sent from (a name, a clinic: list-search.ts). Every reading that fits is tried: "1234567" may be a correlator or a
// patient number in the list.
import { z } from "zod";
import { normalizePhone } from "@/lib/provider/wire/phone";

export type RecipientSearch = {
  phone: string | null;
  correlator: string | null;
  /** Searched in the list's cells (case and accents ignored); null when too short to look up by index. */
  text: string | null;
};

/** Text shorter than this cannot use the trigram index: it would read every row of a million-row list. */
export const MIN_TEXT_SEARCH = 3;
export const MAX_SEARCH = 100;

export const recipientSearchSchema = z
  .string()
  .trim()
  .max(MAX_SEARCH, `Search for at most ${MAX_SEARCH} characters.`)
  .transform((text, ctx): RecipientSearch => {
    const phone = normalizePhone(text, { lenient: true });
    const correlator = /^\d{1,18}$/.test(text) ? text.replace(/^0+(?=\d)/, "") : null;
    const words = [...text].length >= MIN_TEXT_SEARCH ? text : null;
    if (!phone.ok && !correlator && !words) {
      ctx.addIssue({
        code: "custom",
        message: `"${text}" is too short: type at least ${MIN_TEXT_SEARCH} characters of a name or another column, or a whole phone number or correlator.`,
      });
      return z.NEVER;
    }
    return { phone: phone.ok ? phone.phone : null, correlator, text: words };
  });

/** When a batch has no list to search (its numbers were typed) and the term is neither a phone nor a correlator. */
export function noListToSearch(text: string): string {
  return `"${text}" is neither a Kenyan phone number nor a correlator, and this batch was not sent from a list whose columns could be searched.`;
}
