// GET /api/v1/messages?phone= (issue 38): one number's messages across every batch, newest first, in the API's keyset
// pages; the number in any Kenyan form (the document's own example works); a value that is not a number is refused
// with the reason, by name; another number's messages never appear.
import { beforeAll, expect, test } from "vitest";
import { GET as phoneMessages } from "@/app/api/v1/messages/route";
import { POST as createBatch } from "@/app/api/v1/batches/route";
import { openApiDocument } from "@/lib/api/openapi/document";
import { call, defaultAccount, keyFor, user } from "./api-client";

type Page = {
  data: { id: string; batchId: string; phone: string; text: string }[];
  has_more: boolean;
  next_cursor: string | null;
};

let key = "";
const batches: string[] = [];
let example = "";

beforeAll(async () => {
  await defaultAccount();
  key = await keyFor(await user("OPERATOR"), ["send", "read"]);
  const document = openApiDocument() as unknown as {
    paths: Record<
      string,
      { get?: { parameters?: { name: string; example?: string; schema?: { example?: string } }[] } }
    >;
  };
  const phone = document.paths["/messages"]?.get?.parameters?.find((p) => p.name === "phone");
  example = phone?.example ?? phone?.schema?.example ?? "";
  for (let i = 0; i < 3; i++) {
    const answer = await call(createBatch, {
      key,
      body: { name: `story ${i}`, templateText: `Reminder ${i}`, recipients: ["0712345678", `07223456${i}0`] },
    });
    expect(answer.status, await answer.clone().text()).toBe(201);
    batches.push(((await answer.json()) as { id: string }).id);
  }
});

test("the document's example number pages its messages across batches, newest first, each once", async () => {
  expect(example).toBe("254712345678");
  const seen: Page["data"] = [];
  let cursor: string | null = null;
  const pages: number[] = [];
  do {
    const answer = await call(phoneMessages, {
      key,
      path: `/messages?phone=${encodeURIComponent(example)}&limit=2${cursor ? `&cursor=${cursor}` : ""}`,
    });
    expect(answer.status, await answer.clone().text()).toBe(200);
    const page = (await answer.json()) as Page;
    expect(page.has_more).toBe(page.next_cursor !== null);
    pages.push(page.data.length);
    seen.push(...page.data);
    cursor = page.next_cursor;
  } while (cursor !== null);
  expect(pages).toEqual([2, 1]);
  expect(seen.map((m) => m.batchId)).toEqual([...batches].reverse());
  expect(seen.map((m) => m.text)).toEqual(["Reminder 2", "Reminder 1", "Reminder 0"]);
  expect(new Set(seen.map((m) => m.phone))).toEqual(new Set(["254712345678"]));
  const ids = seen.map((m) => BigInt(m.id));
  expect([...ids].sort((a, b) => (a > b ? -1 : 1))).toEqual(ids);
});

test("any Kenyan form is the same number; a number with no messages is one empty page", async () => {
  for (const form of ["0712 345 678", "+254712345678", "712345678"]) {
    const answer = await call(phoneMessages, { key, path: `/messages?phone=${encodeURIComponent(form)}` });
    expect(((await answer.json()) as Page).data.length, form).toBe(3);
  }
  const none = await call(phoneMessages, { key, path: "/messages?phone=0799000000" });
  expect(await none.json()).toEqual({ data: [], has_more: false, next_cursor: null });
});

test("a value that is not a number is refused by name with the reason; neither or both of phone and reference too", async () => {
  for (const path of ["/messages", "/messages?phone=0712345678&reference=appt-1"]) {
    const answer = await call(phoneMessages, { key, path });
    expect(answer.status, path).toBe(400);
    const problem = (await answer.json()) as { errors: { message: string }[] };
    expect(problem.errors[0]?.message, path).toBe("Give either reference= or phone= (one of them, not both).");
  }
  for (const path of ["/messages?phone=Amina", "/messages?phone=07123"]) {
    const answer = await call(phoneMessages, { key, path });
    expect(answer.status, path).toBe(400);
    const problem = (await answer.json()) as { errors: { path: string; message: string }[] };
    expect(problem.errors[0]?.path, path).toBe("phone");
    expect(problem.errors[0]?.message, path).toMatch(/\w{3,}/);
  }
});
