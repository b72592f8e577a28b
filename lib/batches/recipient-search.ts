// What an operator types in a batch's recipient search: a phone number in any form (+254 712-345 678, 0712345678,
// 712345678…) or a correlator (the message id, digits). Both readings are tried for digits that could be either.
import { z } from "zod";
import { normalizePhone } from "@/lib/provider/wire/phone";

export type RecipientSearch = { phone: string | null; correlator: string | null };

export const recipientSearchSchema = z
  .string()
  .trim()
  .max(40, "Search by a phone number or a correlator.")
  .transform((text, ctx): RecipientSearch => {
    const phone = normalizePhone(text, { lenient: true });
    const correlator = /^\d{1,18}$/.test(text) ? text.replace(/^0+(?=\d)/, "") : null;
    if (!phone.ok && !correlator) {
      ctx.addIssue({
        code: "custom",
        message: `"${text}" is neither a Kenyan phone number nor a correlator (digits).`,
      });
      return z.NEVER;
    }
    return { phone: phone.ok ? phone.phone : null, correlator };
  });
