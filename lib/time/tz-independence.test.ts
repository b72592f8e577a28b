// The server is right whatever zone its processes and PostgreSQL are in: test/tz-probe.ts runs in a process started
// with TZ=America/New_York, against a database whose sessions default to Asia/Tokyo, and everything it writes and
// reads — through Prisma, raw pg, now() defaults, reports, the audit filter and the formatter — is the same instant,
// shown in the organisation's zone.
import { spawn } from "node:child_process";
import { expect, test } from "vitest";
import { setDatabaseTimeZone } from "@/test/test-cluster";
import { finished } from "@/test/finished";

async function runProbe(env: Record<string, string>): Promise<string> {
  const { code, stdout, stderr } = await finished(
    spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "test/tz-probe.ts"], {
      env: { ...process.env, NODE_OPTIONS: "", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    }),
  );
  if (code !== 0) throw new Error(`probe exited with ${code}: ${stderr}`);
  return stdout;
}

test("in a New York process against a Tokyo database, every path stores and shows the same instant", async () => {
  await setDatabaseTimeZone(process.env.DATABASE_URL!, "Asia/Tokyo");

  const seen = JSON.parse((await runProbe({ TZ: "America/New_York" })).trim().split("\n").at(-1)!);
  expect(seen.processOffsetMinutes).toBe(300); // the probe really ran in New York (UTC−5 in November)
  expect(seen.prismaWritePgRead).toBe("2026-11-22T21:30:00.000Z");
  expect(seen.pgWritePrismaRead).toBe("2026-11-22T21:30:00.000Z");
  // A now() default is the present instant, read by either client (not hours away).
  expect(Math.abs(seen.nowDefaultPrismaMs)).toBeLessThan(600_000);
  expect(Math.abs(seen.nowDefaultPgMs)).toBeLessThan(600_000);
  expect(seen.days).toEqual({ "2026-11-22": 0, "2026-11-23": 1 });
  expect(seen.auditOn23).toEqual(["param"]);
  expect(seen.auditOn22).toEqual([]);
  expect(seen.lockedMs).toBe(60_000);
  expect(seen.shown).toBe("23 Nov 2026, 00:30 EAT");
  expect(seen.exported).toBe("2026-11-23T00:30:00+03:00");
  expect(seen.typed).toBe("2026-11-22T21:30:00.000Z");
  // Why: every connection of ours runs in UTC, while the database's own default is Tokyo.
  expect(seen.sessions).toEqual({ pool: "UTC", prisma: "UTC", plain: "Asia/Tokyo" });
});
