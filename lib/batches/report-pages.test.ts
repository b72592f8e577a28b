// Both exports' pages are written by the database, and must be exactly what the rows read back and formatted in
// JavaScript by reportRow would give — hostile text (formula starts, quotes, line breaks, a byte-order mark, spaces at
// either end, empty text, XML's specials and the characters XML cannot hold), NULLs, personalised text, and times in
// zones with half-hour offsets, negative ones and a daylight-saving change either side of the instant:
// - CSV by PostgreSQL's COPY (report-csv-page.ts, lib/csv/csv-sql.ts): read back, what csvCell writes, with every row
//   ended CRLF. (The bytes differ where quoting is optional: COPY quotes an empty text and leaves a formula's
//   apostrophe, a space at either end or a byte-order mark unquoted.)
// - the XLSX sheet's rows (report-xlsx-page.ts, lib/xlsx/xlsx-sql.ts): byte for byte the XML rowsXml writes.
import Papa from "papaparse";
import { expect, test } from "vitest";
import { csvRows } from "@/lib/csv/to-csv";
import { pool } from "@/lib/db/pool";
import { account, batch, messages, type MessageSpec } from "@/test/report-data";
import { listMessages } from "./list-messages";
import { reportCsvPage } from "./report-csv-page";
import { reportRow } from "./report-columns";
import { reportXlsxPage } from "./report-xlsx-page";
import { rowsXml } from "@/lib/xlsx/sheet-stream";

const HOSTILE = [
  '=HYPERLINK("http://evil.example","Click")\nfor your prize',
  "+254 700",
  "-1",
  "@SUM(A1)",
  "\tTabbed",
  "\rreturn",
  'say "hi"',
  "a,b",
  "line\r\nbreak",
  "\ufeffmarked",
  " leading",
  "trailing ",
  "",
  "plain",
  "Wanjirũ ✓ 😀",
  '<b>bold</b> & "amp" &amp;',
  "\u0001bell\u0007 \u000bvt\u001f \ufffe\uffff",
];
/** Instants around New York's change to daylight time (2026-03-08 07:00 UTC) and back (2026-11-01 06:00 UTC). */
const TIMES = [
  new Date("2026-03-08T06:59:59Z"),
  new Date("2026-03-08T07:00:00Z"),
  new Date("2026-11-01T05:59:59Z"),
  new Date("2026-11-01T06:00:00Z"),
  new Date("2026-11-23T10:16:30.987Z"),
];
const ZONES = ["Africa/Nairobi", "America/New_York", "Asia/Kolkata", "America/St_Johns", "UTC", "Pacific/Chatham"];

const batchId = await batch(await account(), { name: "Equal" });
const specs: MessageSpec[] = HOSTILE.map((text, i) => ({
  phone: i % 2 ? `2547${String(10_000_000 + i)}` : HOSTILE[(i + 3) % HOSTILE.length]!,
  state: i % 3 ? "DELIVERED" : "FAILED",
  operator: HOSTILE[(i + 1) % HOSTILE.length],
  deliveryStatus: i % 4 ? HOSTILE[(i + 2) % HOSTILE.length] : null,
  lastError: i % 5 ? HOSTILE[(i + 4) % HOSTILE.length] : null,
  providerUniqueId: i % 2 ? HOSTILE[(i + 5) % HOSTILE.length] : null,
  text: i % 3 ? text : null,
  smsUnits: i % 4 ? i : null,
  submittedAt: i % 6 ? TIMES[i % TIMES.length] : null,
  receiptAt: TIMES[(i + 2) % TIMES.length],
}));
const ids = await messages(batchId, specs);
// An API caller's reference and flat metadata on most of them (hostile text, numbers, booleans, a key needing
// escapes, an empty object), none on the rest: the metadata column is JSON.stringify's compact text either way.
for (const [i, id] of ids.entries()) {
  if (i % 4 === 3) continue;
  const metadata =
    i % 5 === 4
      ? {}
      : { note: HOSTILE[i]!, n: i * 1.5, ok: i % 2 === 0, 'k"ey\n': HOSTILE[(i + 6) % HOSTILE.length]!, big: -1e20 };
  await pool().query(`UPDATE "Message" SET reference = $2, metadata = $3::jsonb WHERE id = $1::bigint`, [
    id,
    HOSTILE[(i + 7) % HOSTILE.length] || "ref",
    JSON.stringify(metadata),
  ]);
}

test("each page is the text reportRow and csvCell write for the same rows, in every zone", async () => {
  const report = { id: "", templateText: '=template, "quoted"\n' };
  for (const zone of ZONES) {
    const expected: string[] = [];
    const written: string[] = [];
    let after: string | undefined;
    let afterCsv: string | undefined;
    do {
      const page = await listMessages(batchId, { after, limit: 4 });
      expected.push(csvRows(page.rows.map((m) => reportRow(m, report, zone))));
      after = page.next ?? undefined;
      const csv = await reportCsvPage({ ...report, id: batchId }, zone, { after: afterCsv, limit: 4 });
      written.push(csv.rows.toString());
      afterCsv = csv.next ?? undefined;
      expect(afterCsv, zone).toBe(after);
    } while (after);
    // Parsed with CRLF as the only row end: a row ended LF alone would run into the next and fail the comparison.
    const read = (csv: string[]) => Papa.parse<string[]>(csv.join(""), { newline: "\r\n" }).data;
    expect(read(written), zone).toEqual(read(expected));
    expect(read(written).length).toBeGreaterThan(HOSTILE.length);
  }
});

test("each XLSX page is the XML rowsXml writes for reportRow's cells, numbered on from page to page, in every zone", async () => {
  const report = { id: "", templateText: '=template & <"quoted">\n' };
  for (const zone of ZONES) {
    let after: string | undefined;
    let afterXlsx: string | undefined;
    let firstRow = 2;
    do {
      const page = await listMessages(batchId, { after, limit: 4 });
      after = page.next ?? undefined;
      const xlsx = await reportXlsxPage({ ...report, id: batchId }, zone, { after: afterXlsx, limit: 4, firstRow });
      expect(xlsx.rows.toString(), zone).toBe(
        rowsXml(
          page.rows.map((m) => reportRow(m, report, zone)),
          firstRow,
        ),
      );
      expect(xlsx.rows.toString()).toContain(`<row r="${firstRow}">`);
      afterXlsx = xlsx.next ?? undefined;
      expect(afterXlsx, zone).toBe(after);
      firstRow += 4;
    } while (after);
    expect(firstRow).toBeGreaterThan(HOSTILE.length);
  }
});
