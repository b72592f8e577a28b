// /api/v1/numbers/{phone}/…: one person's number, for an administrator answering their rights under Kenya's Data
// Protection Act, 2019 (issue 38) — subject access (everything held) and erasure — as the console's number page does.
import { z } from "zod";
import { normalizePhone } from "@/lib/provider/wire/phone";
import { validationProblem } from "../problem";
import { EXAMPLE_PHONE } from "./settings";

/** The path's number as given; phoneOf reads it, so a wrong one is a 400 naming `phone`, not a 404. */
export const phoneParams = z.object({
  phone: z.string().meta({
    description: "The number, in any Kenyan form (0712345678, +254712345678, 712345678).",
    example: EXAMPLE_PHONE,
  }),
});

/** The number in its stored 254… form, or 400 validation_failed naming `phone` (invalid_phone) with the reason. */
export function phoneOf(given: string): string {
  const check = given.length > 40 ? null : normalizePhone(given, { lenient: true });
  if (check?.ok) return check.phone;
  throw validationProblem(
    [
      {
        path: "phone",
        code: "invalid_phone",
        message: check ? check.reason : "A phone number is at most 40 characters.",
      },
    ],
    "Invalid path.",
  );
}

export const subjectAccessQuery = z.object({
  format: z
    .enum(["json", "zip"], { error: "The format is json or zip." })
    .default("json")
    .meta({ description: "json (one file, the default) or zip (one CSV per part, and header.csv).", example: "json" }),
});

export const eraseNumberSchema = z
  .strictObject({
    reason: z
      .string()
      .trim()
      .min(1, "Say why the number is forgotten (kept in the audit log).")
      .max(500, "At most 500 characters.")
      .meta({
        description: "Why (kept in the audit log, without the number).",
        example: "The person asked to be forgotten (request 2026-118).",
      }),
    neverContact: z.boolean().meta({
      description:
        "Also never contact the number again: every batch stores it as suppressed. Only a keyed hash of it is kept.",
      example: true,
    }),
    dryRun: z.boolean().default(false).meta({
      description:
        "True: erase nothing, answer what would go (the console's confirmation). The same body without it then erases.",
      example: true,
    }),
  })
  .meta({ id: "EraseNumber" });

/** Works against a fresh `npm start`: a dry run, which changes nothing. */
export const ERASE_NUMBER_EXAMPLE = {
  reason: "The person asked to be forgotten (request 2026-118).",
  neverContact: true,
  dryRun: true,
};
