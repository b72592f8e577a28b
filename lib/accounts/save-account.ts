// Creating or editing a provider account. The token is write-only: sealed here with AES-256-GCM, only its last four
// characters kept in clear; leaving it empty on edit keeps the current one. Every change is an audit event (token
// changes named as such, never with the token).
import "server-only";
import { randomBytes } from "node:crypto";
import { z } from "zod";
import { secretBox } from "@/lib/crypto/encryption-key";
import { lastFour } from "@/lib/crypto/secret-box";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { BATCH_LIMIT, REQUEST_RATE_LIMIT } from "@/lib/provider/schemas";

export const accountSchema = z.object({
  id: z.uuid().optional(),
  name: z.string().trim().min(1, "Give the account a name.").max(100),
  baseUrl: z.url("A full URL, such as https://api.example.com/api/v1.").refine((url) => /^https?:\/\//.test(url), "Use http:// or https://."),
  token: z.string().trim().max(4096).optional(),
  defaultSender: z.string().trim().min(1, "A default sender ID is needed.").max(64),
  defaultOriginator: z.string().trim().min(1, "A default originator number is needed.").max(20),
  requestsPerSecond: z.coerce.number().int().min(1).max(REQUEST_RATE_LIMIT * 100),
  batchSizeLimit: z.coerce.number().int().min(1).max(BATCH_LIMIT),
  isDefault: z.boolean(),
});

export type AccountInput = z.input<typeof accountSchema>;

export async function saveAccount(raw: AccountInput, actorId: string): Promise<{ id: string }> {
  const parsed = accountSchema.safeParse(raw);
  if (!parsed.success) {
    const details: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (details[issue.path.join(".") || "form"] ??= []).push(issue.message);
    throw new AppError("INVALID_INPUT", parsed.error.issues[0]?.message ?? "Check the form.", details);
  }
  const { id, token, isDefault, ...fields } = parsed.data;
  if (!id && !token) throw new AppError("INVALID_INPUT", "A new account needs its bearer token.", { token: ["Required for a new account."] });
  const sealed = token ? { tokenCiphertext: secretBox().seal(token), tokenLast4: lastFour(token) } : {};
  const taken = await db.providerAccount.findFirst({ where: { name: fields.name, ...(id ? { NOT: { id } } : {}) }, select: { id: true } });
  if (taken) throw new AppError("CONFLICT", "Another account already has that name.", { name: ["Already used."] });

  return db.$transaction(async (tx) => {
    if (isDefault) await tx.providerAccount.updateMany({ where: { isDefault: true, ...(id ? { NOT: { id } } : {}) }, data: { isDefault: false } });
    const saved = id
      ? await tx.providerAccount.update({ where: { id }, data: { ...fields, ...sealed, isDefault }, select: { id: true } })
      : await tx.providerAccount.create({
          data: { ...fields, tokenCiphertext: sealed.tokenCiphertext!, tokenLast4: sealed.tokenLast4!, isDefault, receiptSecret: randomBytes(24).toString("base64url") },
          select: { id: true },
        });
    await tx.auditEvent.create({
      data: {
        actorId,
        action: id ? (token ? "account.update_with_token_change" : "account.update") : "account.create",
        targetType: "ProviderAccount",
        targetId: saved.id,
        detail: { name: fields.name, baseUrl: fields.baseUrl, ...(token ? { tokenLast4: lastFour(token) } : {}) },
      },
    });
    return saved;
  });
}
