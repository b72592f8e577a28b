// Creating or editing a provider account. The token is write-only: sealed here with AES-256-GCM, only its last four
// characters kept in clear; leaving it empty on edit keeps the current one — unless the base URL changes, since the
// stored token would then be sent to whatever host was typed. Every change is an audit event (token changes named
// as such, never with the token).
import "server-only";
import { randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { lastFour } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { isUniqueViolation } from "@/lib/errors/error-shape";
import { baseUrlProblem } from "@/lib/provider/base-url";
import { BATCH_LIMIT, REQUEST_RATE_LIMIT, originatorSchema, senderSchema } from "@/lib/provider/wire/schemas";
import { sealAccountToken } from "./account-token";

const checkbox = z
  .union([z.boolean(), z.literal("on")])
  .optional()
  .transform((value) => value === true || value === "on");
const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

/** At most this many sender IDs per account: a choice in Compose, not a directory. */
export const MAX_SENDERS = 20;

/** The sender IDs as typed: one per line (or separated by commas), each as the provider's wire contract has it. */
const sendersField = z
  .preprocess((value) => (Array.isArray(value) ? value.join("\n") : (value ?? "")), z.string())
  .transform((text) => [
    ...new Set(
      text
        .split(/[\r\n,]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ])
  .superRefine((senders, ctx) => {
    for (const sender of senders) {
      const check = senderSchema.safeParse(sender);
      if (!check.success) ctx.addIssue({ code: "custom", message: `“${sender}”: ${check.error.issues[0]?.message}` });
    }
    if (senders.length > MAX_SENDERS)
      ctx.addIssue({ code: "custom", message: `At most ${MAX_SENDERS} sender IDs per account.` });
  });

/** The form's and the server's one schema: the sender and originator as the provider's wire contract has them. */
export const accountSchema = z.object({
  id: z
    .uuid()
    .optional()
    .or(z.literal("").transform(() => undefined)),
  name: z.string().trim().min(1, "Give the account a name.").max(100),
  // https only (http for loopback, the sandbox), never a link-local or metadata address: lib/provider/base-url.ts.
  baseUrl: z.url("A full URL, such as https://api.example.com/api/v1.").superRefine((url, context) => {
    const problem = baseUrlProblem(url);
    if (problem) context.addIssue({ code: "custom", message: problem });
  }),
  token: optionalText.pipe(z.string().max(4096).optional()),
  senders: sendersField,
  /** For callers from before `senders`: given alone, it becomes the account's one sender. */
  defaultSender: z.string().trim().pipe(senderSchema).optional(),
  defaultOriginator: z.string().trim().pipe(originatorSchema),
  requestsPerSecond: z.coerce
    .number()
    .int()
    .min(1)
    .max(REQUEST_RATE_LIMIT * 100),
  batchSizeLimit: z.coerce.number().int().min(1).max(BATCH_LIMIT),
  isDefault: checkbox,
  /** What one SMS unit costs, optional: empty clears it. Kept as text, exactly as typed, for a Decimal column. */
  unitPrice: z
    .preprocess(
      (value) => (value === undefined || value === null ? "" : String(value).trim()),
      z.string().regex(/^(\d{1,8}(\.\d{1,4})?)?$/, "A price such as 0.80 (at most 4 decimals), or empty."),
    )
    .transform((value) => (value === "" ? null : value)),
  priceCurrency: z
    .preprocess(
      (value) => (typeof value === "string" && value.trim() !== "" ? value.trim().toUpperCase() : "KES"),
      z.string().regex(/^[A-Z]{3}$/, "A three-letter currency code, such as KES."),
    )
    .optional(),
});

export type AccountInput = z.output<typeof accountSchema>;

export async function saveAccount(input: AccountInput, actorId: string): Promise<{ id: string }> {
  const { id, token, isDefault, senders: listed, defaultSender: legacySender, ...rest } = input;
  const senders = listed.length > 0 ? listed : legacySender ? [legacySender] : [];
  // The first sender is the one Compose preselects; defaultSender stays equal to it for readers of the old column.
  const fields = { ...rest, senders, defaultSender: senders[0] ?? "" };
  if (!id && !token)
    throw new AppError("INVALID_INPUT", "A new account needs its bearer token.", {
      token: ["Required for a new account."],
    });
  if (id && !token) {
    const current = await db.providerAccount.findUnique({ where: { id }, select: { baseUrl: true } });
    if (!current) throw new AppError("NOT_FOUND", "That account no longer exists.");
    if (current.baseUrl !== fields.baseUrl) {
      throw new AppError("INVALID_INPUT", "The base URL changed: enter the bearer token for the new address again.", {
        token: ["Required when the base URL changes, so the stored token never goes to another host."],
      });
    }
  }
  // A new account's id is chosen here: the token is sealed to it (account-token.ts).
  const accountId = id ?? randomUUID();
  const sealed = token ? { tokenCiphertext: sealAccountToken(token, accountId), tokenLast4: lastFour(token) } : {};

  try {
    return await db.$transaction(async (tx) => {
      if (isDefault)
        await tx.providerAccount.updateMany({
          where: { isDefault: true, ...(id ? { NOT: { id } } : {}) },
          data: { isDefault: false },
        });
      const saved = id
        ? await tx.providerAccount.update({
            where: { id },
            // A new token makes it an account of its own: a test key no longer reaches it (lib/api/key-reach.ts).
            data: { ...fields, ...sealed, isDefault, ...(token ? { isSandbox: false } : {}) },
            select: { id: true },
          })
        : await tx.providerAccount.create({
            data: {
              id: accountId,
              ...fields,
              tokenCiphertext: sealed.tokenCiphertext!,
              tokenLast4: sealed.tokenLast4!,
              isDefault,
              receiptSecret: randomBytes(24).toString("base64url"),
            },
            select: { id: true },
          });
      await recordAudit(
        {
          actorId,
          action: id ? (token ? "account.update_with_token_change" : "account.update") : "account.create",
          targetType: "ProviderAccount",
          targetId: saved.id,
          detail: {
            name: fields.name,
            baseUrl: fields.baseUrl,
            senders,
            unitPrice: fields.unitPrice,
            ...(token ? { tokenLast4: lastFour(token) } : {}),
          },
        },
        tx,
      );
      return saved;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError("CONFLICT", "Another account already has that name.", { name: ["Already used."] });
    throw error;
  }
}
