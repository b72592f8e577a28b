// On a database with no users, create the first administrator: from ADMIN_EMAIL/ADMIN_PASSWORD when set, else
// admin@tuma.local with a generated password that is printed once and never stored in clear — a one-time password,
// replaced at the first log-in (it stays in the terminal's scroll-back and in whatever captured the output). A
// password the operator chose (ADMIN_PASSWORD) is theirs and is kept.
import "server-only";
import { recordAudit } from "@/lib/audit/record-audit";
import { db } from "@/lib/db/client";
import { generatePassword, hashPassword } from "@/lib/auth/password";

/** `oneTimePassword`: the generated password, to be shown once; null when none was generated (never ADMIN_PASSWORD). */
export type FirstAdmin = { email: string; created: boolean; oneTimePassword: string | null };

export async function ensureFirstAdmin(env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string }): Promise<FirstAdmin> {
  const existing = await db.user.findFirst({
    where: { role: "ADMIN" },
    orderBy: { createdAt: "asc" },
    select: { email: true },
  });
  if ((await db.user.count()) > 0) return { email: existing?.email ?? "", created: false, oneTimePassword: null };
  const email = (env.ADMIN_EMAIL ?? "admin@tuma.local").toLowerCase();
  const password = env.ADMIN_PASSWORD ?? generatePassword();
  const passwordHash = await hashPassword(password);
  // The user and its audit event in one transaction: a start that dies between them leaves neither, not an
  // administrator the audit never heard of.
  await db.$transaction(async (tx) => {
    const user = await tx.user.create({
      data: {
        email,
        name: "Administrator",
        role: "ADMIN",
        passwordHash,
        mustChangePassword: env.ADMIN_PASSWORD === undefined,
      },
      select: { id: true },
    });
    await recordAudit(
      {
        actorId: null,
        action: "user.create",
        targetType: "User",
        targetId: user.id,
        detail: { email, reason: "first start" },
      },
      tx,
    );
  });
  return { email, created: true, oneTimePassword: env.ADMIN_PASSWORD === undefined ? password : null };
}
