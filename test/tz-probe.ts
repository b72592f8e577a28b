// Run by lib/time/tz-independence.test.ts in a process started with another TZ, against a database whose sessions
// default to yet another zone: writes and reads times through every path Tuma has (Prisma, raw pg, now() defaults,
// reports, the audit day filter, formatting) and prints what it saw as one JSON line.
import pg from "pg";
import { listAudit } from "@/lib/audit/list-audit";
import { countAttempt, lockedFor } from "@/lib/auth/throttle";
import { db } from "@/lib/db/client";
import { closePool, pool } from "@/lib/db/pool";
import { getOverviewReport } from "@/lib/reports/overview";
import { formatDateTime, isoInZone } from "@/lib/time/format";
import { parseLocalDateTime } from "@/lib/time/local-input";
import { account, batch } from "./report-data";

// 00:30 on 23 Nov in Nairobi; 16:30 on the 22nd in New York; 06:30 on the 23rd in Tokyo.
const at = new Date("2026-11-22T21:30:00.000Z");
const zone = "Africa/Nairobi";

const user = await db.user.create({
  data: { email: "tz@test.local", name: "TZ", passwordHash: "x", lastLoginAt: at },
  select: { id: true },
});
// Prisma wrote it; raw pg reads it.
const pgRead = await pool().query<{ at: Date }>(`SELECT "lastLoginAt" AS at FROM "User" WHERE id = $1`, [user.id]);
// Raw pg writes one (a Date parameter) and a now() default; Prisma reads them.
await pool().query(
  `INSERT INTO "AuditEvent" (action, "targetType", "targetId", "createdAt") VALUES ('user.create', 'User', 'param', $1)`,
  [at],
);
await pool().query(`INSERT INTO "AuditEvent" (action, "targetType", "targetId") VALUES ('user.update', 'User', 'now')`);
const written = Date.now();
const prismaRead = await db.auditEvent.findFirst({ where: { targetId: "param" }, select: { createdAt: true } });
const nowDefault = await db.auditEvent.findFirst({ where: { targetId: "now" }, select: { createdAt: true } });
const nowDefaultPg = await pool().query<{ at: Date }>(
  `SELECT "createdAt" AS at FROM "AuditEvent" WHERE "targetId" = 'now'`,
);

// Reports count days in the organisation's zone: a batch made at 00:30 in Nairobi is on the 23rd.
await batch(await account(), { createdAt: at });
const overview = await getOverviewReport(new Date("2026-11-23T06:00:00Z"));
const days = Object.fromEntries(overview.days.slice(-2).map((d) => [d.day, d.batches]));
const auditOn23 = await listAudit({ action: "user.create", from: "2026-11-23", to: "2026-11-23" }, zone);
const auditOn22 = await listAudit({ action: "user.create", from: "2026-11-22", to: "2026-11-22" }, zone);

await countAttempt("tz-key", { maxFailures: 1, windowMs: 60_000, lockMs: 60_000 }, at);
const locked = await lockedFor("tz-key", at);

// The session zones: ours, and what a connection without our options gets from the database.
const ourSession = await pool().query<{ TimeZone: string }>("SHOW TimeZone");
const prismaSession = await db.$queryRawUnsafe<{ TimeZone: string }[]>("SHOW TimeZone");
const plain = new pg.Client(process.env.DATABASE_URL);
await plain.connect();
const plainSession = await plain.query<{ TimeZone: string }>("SHOW TimeZone");
await plain.end();

console.log(
  JSON.stringify({
    processOffsetMinutes: at.getTimezoneOffset(),
    sessions: {
      pool: ourSession.rows[0]!.TimeZone,
      prisma: prismaSession[0]!.TimeZone,
      plain: plainSession.rows[0]!.TimeZone,
    },
    prismaWritePgRead: pgRead.rows[0]!.at.toISOString(),
    pgWritePrismaRead: prismaRead!.createdAt.toISOString(),
    nowDefaultPrismaMs: nowDefault!.createdAt.getTime() - written,
    nowDefaultPgMs: nowDefaultPg.rows[0]!.at.getTime() - written,
    days,
    auditOn23: auditOn23.rows.map((r) => r.targetId),
    auditOn22: auditOn22.rows.map((r) => r.targetId),
    lockedMs: locked,
    shown: formatDateTime(at, zone),
    exported: isoInZone(at, zone),
    typed: parseLocalDateTime("2026-11-23T00:30", zone)?.toISOString(),
  }),
);
await closePool();
await db.$disconnect();
