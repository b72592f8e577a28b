// A user's new API key: named (one live key per name and user, so the command line can revoke it by name), scoped
// within what the user's role may grant, optionally expiring, at most MAX_LIVE_KEYS live at once per user (a stolen
// session or a careless script cannot mint keys without end). The key itself is returned once and never stored. The
// console asks for the current password first (app/(console)/api-keys/actions.ts); the command line runs on the
// server itself.
import "server-only";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { KEY_MODES, newApiKey } from "./key-format";
import { liveKeysWhere } from "./revoke-user-keys";
import { roleMayGrant, scopesSchema } from "./scopes";

export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, "Give the key a name.").max(100, "At most 100 characters."),
  scopes: scopesSchema,
  expiresInDays: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.coerce
      .number({ error: "The expiry is a number of days." })
      .int("The expiry is a whole number of days.")
      .min(1, "A key lasts at least 1 day.")
      .max(3650, "A key lasts at most 3,650 days (ten years); leave the expiry empty for a key that never expires.")
      .nullish(),
  ),
  /** "test": a tuma_test_ key, which reaches only the sandbox account (lib/api/key-reach.ts). */
  mode: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.enum(KEY_MODES, { error: "A key is live or test." }).default("live"),
  ),
});
/** Live (not revoked, not expired) keys one user may hold at once. */
export const MAX_LIVE_KEYS = 10;

export type CreateApiKeyInput = z.input<typeof createApiKeySchema>;

export type CreatedApiKey = { id: string; key: string; prefix: string; expiresAt: Date | null };

/** `actorId`: who asked (the user themself in the console and on the command line). */
export async function createApiKey(userId: string, raw: CreateApiKeyInput, actorId: string): Promise<CreatedApiKey> {
  const input = createApiKeySchema.parse(raw);
  return db.$transaction(async (tx) => {
    // One key per user at a time: two creations with one name cannot both pass the check below.
    const user = await tx.$queryRaw<{ role: "ADMIN" | "OPERATOR" | "VIEWER"; disabledAt: Date | null }[]>`
      SELECT role, "disabledAt" FROM "User" WHERE id = ${userId}::uuid FOR UPDATE`;
    if (!user[0]) throw new AppError("NOT_FOUND", "No such user.");
    if (user[0].disabledAt) throw new AppError("FORBIDDEN", "This user is disabled.");
    const refused = input.scopes.filter((scope) => !roleMayGrant(user[0]!.role, scope));
    if (refused.length)
      throw new AppError("FORBIDDEN", "Only an administrator may give a key the admin scope.", {
        scopes: ["Only an administrator may give a key the admin scope."],
      });
    const clash = await tx.apiKey.count({ where: { userId, name: input.name, revokedAt: null } });
    if (clash) {
      const message = `You already have a key named “${input.name}”: choose another name, or revoke that one first.`;
      throw new AppError("CONFLICT", message, { name: [message] });
    }
    const live = await tx.apiKey.count({ where: liveKeysWhere(userId) });
    if (live >= MAX_LIVE_KEYS)
      throw new AppError(
        "CONFLICT",
        `This user already has ${MAX_LIVE_KEYS} live API keys, the most one user may hold: revoke one they no longer use first.`,
      );
    const { key, prefix, hash } = newApiKey(input.mode);
    const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null;
    const created = await tx.apiKey.create({
      data: { userId, name: input.name, prefix, hash, scopes: input.scopes, expiresAt },
      select: { id: true },
    });
    await recordAudit(
      {
        actorId,
        action: "api_key.create",
        targetType: "ApiKey",
        targetId: created.id,
        detail: {
          name: input.name,
          prefix,
          mode: input.mode,
          scopes: input.scopes,
          expiresAt: expiresAt?.toISOString() ?? null,
          userId,
        },
      },
      tx,
    );
    return { id: created.id, key, prefix, expiresAt };
  });
}
