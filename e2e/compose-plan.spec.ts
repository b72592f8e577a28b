// The list planner reads every recipient, so it is asked once per text and never again for the same one: not when the
// account changes (requests and time are recomputed in the browser), not when the source goes to numbers and back,
// not when the text returns to an earlier one, not when the review opens. And the sender is one the account has set
// up: a choice among its senders, or — with none — a sentence saying an administrator adds one, and no review. Where
// the account has a price per unit, the review states the cost.
import { randomBytes } from "node:crypto";
import type { Request } from "@playwright/test";
import { expect, logIn, test } from "./fixtures";

/** The template a planner request asks about, whether it travels in the query string or in a JSON body. */
function templateOf(request: Request): string | null {
  const fromQuery = new URL(request.url()).searchParams.get("templateText");
  if (fromQuery !== null) return fromQuery;
  try {
    return (JSON.parse(request.postData() ?? "{}") as { templateText?: string }).templateText ?? null;
  } catch {
    return null;
  }
}

test("the list planner is asked once per text; the sender is chosen from the account's own", async ({
  page,
  seedUser,
  db,
}) => {
  const tag = randomBytes(3).toString("hex");
  const account = async (name: string, senders: string[], unitPrice: string | null) =>
    db.query(
      `INSERT INTO "ProviderAccount" (id, name, "baseUrl", "tokenCiphertext", "tokenLast4", "defaultSender", senders,
         "defaultOriginator", "receiptSecret", "unitPrice", "updatedAt")
       VALUES (gen_random_uuid(), $1, 'https://provider.example/api/v1', 'x', 'xxxx', $2, $3, '254700000000', $4, $5,
         now())`,
      [name, senders[0] ?? "", senders, `${name}-secret`, unitPrice],
    );
  await account(`Clinic ${tag}`, ["CLINIC", "CLINIC-NEWS"], "0.8000");
  await account(`Bare ${tag}`, [], null);
  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/compose/plan")) asked.push(templateOf(request) ?? "");
  });
  const times = (text: string) => asked.filter((t) => t === text).length;

  await logIn(page, await seedUser("OPERATOR"));
  await page.goto("/lists");
  await page.getByLabel("List file").setInputFiles({
    name: `plan-${tag}.csv`,
    mimeType: "text/csv",
    buffer: Buffer.from("phone,name\n0746100001,Amina\n0746100002,Baraka\n0746100003,Chebet\n"),
  });
  await expect(page.getByTestId("upload-report").getByTestId("report-valid")).toHaveText("3", { timeout: 30_000 });
  await page
    .getByRole("link", { name: `Compose to plan-${tag}` })
    .first()
    .click();
  await expect(page.getByLabel("A saved list")).toBeChecked();

  const preview = page.getByRole("table", { name: "Preview" });
  const first = preview.getByRole("row").nth(1).getByRole("cell").nth(1);
  await page.getByLabel("Message").fill("Habari {{name}}");
  await expect(first).toHaveText("Habari Amina");
  expect(times("Habari {{name}}")).toBe(1);

  // Another account: its senders offered, the plan's figures recomputed here, nothing asked again.
  await page.getByLabel("Provider account").selectOption({ label: `Clinic ${tag}` });
  await expect(page.getByLabel("Sender ID").locator("option")).toHaveText(["CLINIC", "CLINIC-NEWS"]);
  await expect(page.getByLabel("Sender ID")).toHaveValue("CLINIC");
  await expect(page.getByTestId("plan-requests")).toHaveText("1");
  // Numbers and back; a longer text and back: the earlier answer is reused.
  await page.getByLabel("Numbers").check();
  await page.getByLabel("A saved list").check();
  await expect(first).toHaveText("Habari Amina");
  await page.getByLabel("Message").fill("Habari {{name}}!");
  await expect(first).toHaveText("Habari Amina!");
  await page.getByLabel("Message").fill("Habari {{name}}");
  await expect(first).toHaveText("Habari Amina");
  await page.getByLabel("Batch name").fill("Plan once");
  await page.getByRole("button", { name: "Send to 3 recipients…" }).click();
  await expect(page.getByTestId("review")).toContainText("CLINIC");
  // The account has a price per unit: the review says what the batch costs.
  await expect(page.getByTestId("review-cost")).toHaveText("KES 2.40 (KES 0.80 a unit)");
  await page.getByRole("button", { name: "Back to edit" }).click();
  expect(times("Habari {{name}}")).toBe(1);
  expect(times("Habari {{name}}!")).toBe(1);

  // An account with no sender set up: said, and no review opens.
  await page.getByLabel("Provider account").selectOption({ label: `Bare ${tag}` });
  await expect(page.getByRole("main")).toContainText(
    `The account “Bare ${tag}” has no sender ID set up, so no SMS can be sent through it.`,
  );
  await expect(page.getByLabel("Sender ID")).toHaveCount(0);
  await page.getByRole("button", { name: "Send to 3 recipients…" }).click();
  await expect(page.getByTestId("review")).toHaveCount(0);
  await expect(page.getByRole("main")).toContainText("an administrator adds one in Settings");
});
