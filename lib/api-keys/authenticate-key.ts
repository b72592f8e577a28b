// Who a request's bearer key speaks for: the key read on every request (revocation, expiry and a disabled user take
// effect at once) and its user with it. Every refusal is 401 with a sentence that says which, never whether some
// other key exists. A key whose user must choose a new password (an administrator reset it: docs/design.md §3) is
// refused with 403 until they have: the reset is a recovery step, and a key must not outlive it.
import "server-only";
import { ACTOR_FIELDS } from "@/lib/auth/actor-fields";
import type { Actor } from "@/lib/auth/permissions";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { bearerKey, hashApiKey, isTestKeyPrefix } from "./key-format";
import type { ApiScope } from "./scopes";
import { touchKey } from "./touch-key";

/** `test`: a tuma_test_ key, which reaches only the sandbox account (lib/api/key-reach.ts). */
export type KeyActor = { actor: Actor; key: { id: string; prefix: string; scopes: ApiScope[]; test: boolean } };

export async function authenticateKey(authorization: string | null): Promise<KeyActor> {
  const presented = bearerKey(authorization);
  if (!presented)
    throw new AppError(
      "UNAUTHENTICATED",
      "Send your API key as `Authorization: Bearer tuma_live_…` (or `tuma_test_…`).",
    );
  const key = await db.apiKey.findUnique({
    where: { hash: hashApiKey(presented) },
    select: {
      id: true,
      prefix: true,
      scopes: true,
      expiresAt: true,
      revokedAt: true,
      user: { select: ACTOR_FIELDS },
    },
  });
  if (!key) throw new AppError("UNAUTHENTICATED", "This API key is not valid.");
  if (key.revokedAt) throw new AppError("UNAUTHENTICATED", "This API key has been revoked.");
  if (key.expiresAt && key.expiresAt.getTime() <= Date.now())
    throw new AppError("UNAUTHENTICATED", "This API key has expired.");
  if (key.user.disabledAt) throw new AppError("UNAUTHENTICATED", "The user this API key belongs to is disabled.");
  if (key.user.mustChangePassword)
    throw new AppError(
      "FORBIDDEN",
      "The user this API key belongs to must choose a new password in the console first; the key is refused until they have.",
    );
  await touchKey(key.id);
  const { disabledAt: _disabled, ...user } = key.user;
  return {
    actor: user,
    key: { id: key.id, prefix: key.prefix, scopes: key.scopes as ApiScope[], test: isTestKeyPrefix(key.prefix) },
  };
}
