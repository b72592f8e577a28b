// The user's columns an Actor (permissions.ts) is made of, and whether the user is disabled: what every request
// re-reads of its user (session.ts, lib/api-keys/authenticate-key.ts) and what the Users page shows of each.
import type { Prisma } from "@/lib/generated/prisma/client";

export const ACTOR_FIELDS = {
  id: true,
  email: true,
  name: true,
  role: true,
  disabledAt: true,
  mustChangePassword: true,
  exportGranted: true,
} as const satisfies Prisma.UserSelect;
