-- Every time is an instant: `timestamp` (without time zone) columns become `timestamptz`, so what is stored and read
-- no longer depends on the zone of the process or of the database session (a console started with
-- TZ=America/New_York stored and showed times five hours off: node-pg reads and writes `timestamp` in the process's
-- local zone, and CURRENT_TIMESTAMP / now() write the session's wall clock).
--
-- How the existing values are read: as UTC wall-clock times. Prisma always wrote UTC; CURRENT_TIMESTAMP defaults and
-- raw now() wrote the database session's zone, which is UTC for the embedded cluster (initdb without TZ) and the test
-- clusters, and node-pg wrote the process's zone, which Tuma required to be UTC. `col AT TIME ZONE 'UTC'` says so
-- explicitly, so the conversion does not depend on the zone of the session running this migration (a plain type
-- change would read the values in that session's zone). An installation whose PostgreSQL or processes ran in another
-- zone has values written in that zone mixed with Prisma's UTC ones; no migration can tell them apart.
--
-- Cost: each table is rewritten once under an exclusive lock (PostgreSQL rewrites for any USING expression, and for a
-- timestamp(3) → timestamptz(3) change even without one): on a large "Message" table, plan a maintenance window.

-- AlterTable
ALTER TABLE "AuditEvent" ALTER COLUMN "createdAt" SET DATA TYPE TIMESTAMPTZ(3) USING "createdAt" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "Batch" ALTER COLUMN "scheduledAt" SET DATA TYPE TIMESTAMPTZ(3) USING "scheduledAt" AT TIME ZONE 'UTC',
ALTER COLUMN "startedAt" SET DATA TYPE TIMESTAMPTZ(3) USING "startedAt" AT TIME ZONE 'UTC',
ALTER COLUMN "finishedAt" SET DATA TYPE TIMESTAMPTZ(3) USING "finishedAt" AT TIME ZONE 'UTC',
ALTER COLUMN "createdAt" SET DATA TYPE TIMESTAMPTZ(3) USING "createdAt" AT TIME ZONE 'UTC',
ALTER COLUMN "updatedAt" SET DATA TYPE TIMESTAMPTZ(3) USING "updatedAt" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "DispatchChunk" ALTER COLUMN "claimedAt" SET DATA TYPE TIMESTAMPTZ(3) USING "claimedAt" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "LoginThrottle" ALTER COLUMN "windowStart" SET DATA TYPE TIMESTAMPTZ(3) USING "windowStart" AT TIME ZONE 'UTC',
ALTER COLUMN "lockedUntil" SET DATA TYPE TIMESTAMPTZ(3) USING "lockedUntil" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "Message" ALTER COLUMN "receiptAt" SET DATA TYPE TIMESTAMPTZ(3) USING "receiptAt" AT TIME ZONE 'UTC',
ALTER COLUMN "submittedAt" SET DATA TYPE TIMESTAMPTZ(3) USING "submittedAt" AT TIME ZONE 'UTC',
ALTER COLUMN "createdAt" SET DATA TYPE TIMESTAMPTZ(3) USING "createdAt" AT TIME ZONE 'UTC',
ALTER COLUMN "updatedAt" SET DATA TYPE TIMESTAMPTZ(3) USING "updatedAt" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "OptOut" ALTER COLUMN "createdAt" SET DATA TYPE TIMESTAMPTZ(3) USING "createdAt" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "ProviderAccount" ALTER COLUMN "createdAt" SET DATA TYPE TIMESTAMPTZ(3) USING "createdAt" AT TIME ZONE 'UTC',
ALTER COLUMN "updatedAt" SET DATA TYPE TIMESTAMPTZ(3) USING "updatedAt" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "Receipt" ALTER COLUMN "deliveryAt" SET DATA TYPE TIMESTAMPTZ(3) USING "deliveryAt" AT TIME ZONE 'UTC',
ALTER COLUMN "receivedAt" SET DATA TYPE TIMESTAMPTZ(3) USING "receivedAt" AT TIME ZONE 'UTC',
ALTER COLUMN "appliedAt" SET DATA TYPE TIMESTAMPTZ(3) USING "appliedAt" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "ReceiptQueue" ALTER COLUMN "retryAt" SET DATA TYPE TIMESTAMPTZ(3) USING "retryAt" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "Template" ALTER COLUMN "createdAt" SET DATA TYPE TIMESTAMPTZ(3) USING "createdAt" AT TIME ZONE 'UTC',
ALTER COLUMN "updatedAt" SET DATA TYPE TIMESTAMPTZ(3) USING "updatedAt" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "Upload" ALTER COLUMN "createdAt" SET DATA TYPE TIMESTAMPTZ(3) USING "createdAt" AT TIME ZONE 'UTC',
ALTER COLUMN "completedAt" SET DATA TYPE TIMESTAMPTZ(3) USING "completedAt" AT TIME ZONE 'UTC';

-- AlterTable
ALTER TABLE "User" ALTER COLUMN "disabledAt" SET DATA TYPE TIMESTAMPTZ(3) USING "disabledAt" AT TIME ZONE 'UTC',
ALTER COLUMN "lastLoginAt" SET DATA TYPE TIMESTAMPTZ(3) USING "lastLoginAt" AT TIME ZONE 'UTC',
ALTER COLUMN "createdAt" SET DATA TYPE TIMESTAMPTZ(3) USING "createdAt" AT TIME ZONE 'UTC',
ALTER COLUMN "updatedAt" SET DATA TYPE TIMESTAMPTZ(3) USING "updatedAt" AT TIME ZONE 'UTC';

-- CreateTable
CREATE TABLE "Organisation" (
    "id" INTEGER NOT NULL DEFAULT 1,
    "timeZone" TEXT NOT NULL DEFAULT 'Africa/Nairobi',
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "Organisation_pkey" PRIMARY KEY ("id")
);

-- Hand-added: the one row, so the zone is there before anyone sets it; a second row is impossible.
ALTER TABLE "Organisation" ADD CONSTRAINT "Organisation_single_row" CHECK ("id" = 1);
INSERT INTO "Organisation" ("id", "timeZone", "updatedAt") VALUES (1, 'Africa/Nairobi', now());
