// Which of a batch's recipients a resend takes (its confirmation in the console, POST …/resend in the API).
import { z } from "zod";

export const resendScopeSchema = z
  .object({
    unknown: z.boolean().default(false),
    temporary: z.boolean().default(false),
    permanent: z.boolean().default(false),
    noReceipt: z.boolean().default(false),
  })
  .refine((s) => s.unknown || s.temporary || s.permanent || s.noReceipt, "Choose which recipients to resend to.");
