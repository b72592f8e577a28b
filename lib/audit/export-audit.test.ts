// The audit export carries the page's sentence for each event, names looked up per page, times in the zone asked for.
import Papa from "papaparse";
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { createTemplate, deleteTemplate } from "@/lib/templates/templates";
import { author } from "@/test/upload-helpers";
import { auditStream } from "./export-audit";

const actorId = await author();
const actorName = (await db.user.findUniqueOrThrow({ where: { id: actorId }, select: { name: true } })).name;

async function table(stream: ReadableStream<Uint8Array>): Promise<Record<string, string>[]> {
  const text = await new Response(stream).text();
  return Papa.parse<Record<string, string>>(text.trimEnd(), { header: true, newline: "\r\n" }).data;
}

test("each row ends with what happened, in words: a live template by its name, a deleted one by the name it kept", async () => {
  const kept = await createTemplate({ name: "Kumbusho", kind: "SMS", body: "Habari" }, actorId);
  const gone = await createTemplate({ name: "Ya zamani", kind: "SMS", body: "Habari" }, actorId);
  await deleteTemplate(gone, actorId);
  const rows = await table(auditStream({}, "Africa/Nairobi"));
  const sentences = rows.filter((row) => row.target_type === "Template").map((row) => row.what_happened);
  expect(sentences).toEqual([
    `${actorName} deleted the template “Ya zamani”`,
    `${actorName} created the template “Ya zamani”`,
    `${actorName} created the template “Kumbusho”`,
  ]);
  expect(rows.find((row) => row.target_id === kept)?.action).toBe("template.create");
});
