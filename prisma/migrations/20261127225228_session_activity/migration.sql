-- The idle session timeout (ASVS 3.3.2; lib/auth/session-activity.ts): one row per session, made at log-in with the
-- session's random id (kept in its token), its last request's time written at most once a minute. A session whose
-- row is older than SESSION_IDLE_MINUTES, or missing, is over. A user's rows go with the user.

-- CreateTable
CREATE TABLE "SessionActivity" (
    "sid" TEXT NOT NULL,
    "userId" UUID NOT NULL,
    "lastSeenAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SessionActivity_pkey" PRIMARY KEY ("sid")
);

-- CreateIndex
CREATE INDEX "SessionActivity_userId_idx" ON "SessionActivity"("userId");

-- AddForeignKey
ALTER TABLE "SessionActivity" ADD CONSTRAINT "SessionActivity_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
