// The caller's reference and metadata on a recipient of POST /api/v1/batches and POST /api/v1/messages (docs/api.md
// "References"): a string to find the message by (GET /api/v1/messages?reference=), and a small flat object returned
// as given in every read, event and export. Their limits are documented and enforced here, each breach refused with
// its machine path and the field code `over_limit` (lib/api/problem-codes.ts), so a record never comes back cut.
import { formatCount } from "@/lib/numbers/format";
import { z } from "zod";

export const REFERENCE_MAX = 128;
export const METADATA_LIMITS = { keys: 10, keyLength: 40, valueLength: 500, bytes: 2_048 } as const;

/** A custom issue carrying its field code (lib/api/problem.ts reads `params.fieldCode`). */
function overLimit(ctx: z.RefinementCtx, message: string, path: PropertyKey[] = []): void {
  ctx.addIssue({ code: "custom", message, path, params: { fieldCode: "over_limit" } });
}

const CONTROL = /[\u0000-\u001f\u007f]/;

export const referenceSchema = z
  .string()
  .superRefine((value, ctx) => {
    if (value.length > REFERENCE_MAX)
      overLimit(ctx, `A reference is at most ${REFERENCE_MAX} characters (this one has ${value.length}).`);
    else if (value.trim() === "") ctx.addIssue({ code: "custom", message: "A reference cannot be blank." });
    else if (CONTROL.test(value))
      ctx.addIssue({ code: "custom", message: "A reference cannot hold control characters (tabs, line breaks)." });
  })
  .meta({
    maxLength: REFERENCE_MAX,
    description: `Your own id for this recipient's message (at most ${REFERENCE_MAX} characters): stored with it, returned by every read, carried in every message event and export, and searchable with GET /api/v1/messages?reference=.`,
    example: "appt-20261201-0042",
  });

const metadataValue = z.union([z.string(), z.number(), z.boolean()]);

export const metadataSchema = z
  .record(z.string(), metadataValue)
  .superRefine((value, ctx) => {
    const keys = Object.keys(value);
    if (keys.length > METADATA_LIMITS.keys)
      overLimit(ctx, `Metadata has at most ${METADATA_LIMITS.keys} keys (this has ${keys.length}).`);
    for (const key of keys) {
      if (key.length > METADATA_LIMITS.keyLength || key === "")
        overLimit(ctx, `A metadata key is 1 to ${METADATA_LIMITS.keyLength} characters.`, [key]);
      const item = value[key];
      if (typeof item === "string" && item.length > METADATA_LIMITS.valueLength)
        overLimit(ctx, `A metadata value is at most ${METADATA_LIMITS.valueLength} characters.`, [key]);
      if (typeof item === "number" && !Number.isFinite(item))
        ctx.addIssue({ code: "custom", message: "A metadata number must be finite.", path: [key] });
    }
    const bytes = Buffer.byteLength(JSON.stringify(value), "utf8");
    if (bytes > METADATA_LIMITS.bytes)
      overLimit(
        ctx,
        `Metadata is at most ${formatCount(METADATA_LIMITS.bytes)} bytes as JSON (this is ${formatCount(bytes)}).`,
      );
  })
  .meta({
    maxProperties: METADATA_LIMITS.keys,
    description: `Your own small flat record for this recipient, returned as given: at most ${METADATA_LIMITS.keys} keys of 1–${METADATA_LIMITS.keyLength} characters, each a string (at most ${METADATA_LIMITS.valueLength} characters), number or boolean, ${formatCount(METADATA_LIMITS.bytes)} bytes in all as JSON. Over a limit: 400, the field's path and code over_limit.`,
    example: { patientId: "P-1043", clinic: "Westlands" },
  });

export type Metadata = z.infer<typeof metadataSchema>;
