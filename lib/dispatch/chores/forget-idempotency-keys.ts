// The API's Idempotency-Key answers older than 24 hours are deleted (lib/api/idempotency.ts): hourly is enough, an
// expired row is also replaced when its key comes again.
import "server-only";
import { forgetOldIdempotencyKeys } from "@/lib/api/idempotency";
import type { Chore } from "./chore";

export const forgetIdempotencyKeysChore: Chore = {
  name: "Forgetting API idempotency keys older than 24 hours",
  everyMs: 60 * 60_000,
  run: async () => {
    await forgetOldIdempotencyKeys();
  },
};
