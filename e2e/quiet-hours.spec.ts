// Promotional quiet hours through the browser (lib/compose/promotional-window.ts): an administrator sets the window in
// Settings (audited); a promotional batch composed outside it says in the plan when it will start, waits on its page
// with the window named — nothing sent — and goes on by itself once the window opens.
import fs from "node:fs";
import { expect, logIn, openCompose, test } from "./fixtures";

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60) % 24).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;

test("a promotional batch outside the window waits, named as such, and sends once the window opens", async ({
  page,
  seedUser,
  db,
}) => {
  const { rows: org } = await db.query<{ zone: string; now: number }>(
    `SELECT COALESCE((SELECT "timeZone" FROM "Organisation" WHERE id = 1), 'Africa/Nairobi') AS zone,
            extract(hour FROM now() AT TIME ZONE COALESCE((SELECT "timeZone" FROM "Organisation" WHERE id = 1), 'Africa/Nairobi'))::int * 60
          + extract(minute FROM now() AT TIME ZONE COALESCE((SELECT "timeZone" FROM "Organisation" WHERE id = 1), 'Africa/Nairobi'))::int AS now`,
  );
  const now = org[0]!.now;
  // A window that opens in three hours and lasts one: closed now, whatever the hour.
  const closed = { start: hhmm(now + 180), end: hhmm(now + 240) };

  const admin = await seedUser("ADMIN");
  await logIn(page, admin);
  await page.goto("/settings");
  await page.getByLabel("Promotions from").fill(closed.start);
  await page.getByLabel("Promotions until").fill(closed.end);
  await page.getByRole("button", { name: "Save window" }).last().click();
  await expect(page.getByText("Promotional batches now send in the new window.")).toBeVisible();
  const { rows: audit } = await db.query<{ detail: { window: { to: string } } }>(
    `SELECT detail FROM "AuditEvent" WHERE action = 'organisation.promotional_window' AND "actorId" = $1`,
    [admin.id],
  );
  expect(audit[0]?.detail.window.to).toBe(`${closed.start}–${closed.end}`);

  try {
    await openCompose(page);
    await page.getByLabel("Batch name").fill("Weekend offer");
    await page.getByLabel("Message").fill("Punguzo la 20% wikendi hii: quiet hours e2e.");
    await page.getByLabel("Recipients").fill("0719400001\n0719400002");
    await page.getByLabel(/^Promotional: send only/).check();
    const eta = page.getByTestId("plan-promotional");
    await expect(eta).toContainText(`Promotional: sends only ${closed.start}–${closed.end}`);
    await expect(eta).toContainText("Waits until");
    await page.getByRole("button", { name: "Send to 2 recipients…" }).click();
    // The review says when it really starts: when the window opens, not "Now" (issue 35).
    await expect(page.getByTestId("review-start")).toContainText(`, ${closed.start} `);
    await expect(page.getByTestId("review-start")).toContainText(", when the promotional window opens");
    await expect(page.getByTestId("review-start")).not.toContainText("Now");
    fs.mkdirSync("e2e/screenshots", { recursive: true });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `e2e/screenshots/review-promotional-${width}.png`, fullPage: true });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole("button", { name: "Send 2 text messages" }).click();
    await expect(page).toHaveURL(/\/batches\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const batchId = page.url().split("/").pop()!;
    await expect(page.getByTestId("promotional-wait")).toContainText(
      `Promotional: sends only ${closed.start}–${closed.end}`,
    );
    // Its badge agrees with the sentence: waiting, not "sending".
    await expect(page.getByTestId("batch-state")).toHaveText("waiting for the window");
    const { rows: batch } = await db.query<{ promotional: boolean; state: string; pauseReason: string | null }>(
      `SELECT promotional, state::text, "pauseReason" FROM "Batch" WHERE id = $1`,
      [batchId],
    );
    // Waiting is not an operator's pause: the batch is SENDING with no pause reason, and nothing has gone out.
    expect(batch[0]).toEqual({ promotional: true, state: "SENDING", pauseReason: null });
    const { rows: pending } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "Message" WHERE "batchId" = $1 AND state = 'PENDING'`,
      [batchId],
    );
    expect(pending[0]!.n).toBe(2);

    // The window opens (an hour either side of now): the batch goes on by itself.
    await db.query(
      `UPDATE "Organisation" SET "promotionalStartMinute" = $1, "promotionalEndMinute" = $2 WHERE id = 1`,
      [(now + 1440 - 60) % 1440, (now + 60) % 1440],
    );
    await expect(page.getByTestId("count-DELIVERED")).toHaveText("2", { timeout: 30_000 });
    await expect(page.getByTestId("promotional-wait")).toHaveCount(0);
  } finally {
    await db.query(
      `UPDATE "Organisation" SET "promotionalStartMinute" = 480, "promotionalEndMinute" = 1200 WHERE id = 1`,
    );
  }
});
