// Importing CSV lists against a real database: what is stored, what the report says, and for each bad file the
// sentence the operator reads with nothing stored.
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { author, pieces, refusal } from "@/test/upload-helpers";
import { importList } from "./import-list";

const authorId = await author();

const upload = (
  data: Uint8Array | string,
  options: { phoneColumn?: string; declaredBytes?: number | null; size?: number } = {},
) =>
  importList({
    body: pieces(data, options.size),
    declaredBytes: options.declaredBytes ?? null,
    filename: "list.csv",
    phoneColumn: options.phoneColumn,
    authorId,
  });

async function recipients(listId: string) {
  const { rows } = await pool().query<{ rowNumber: number; phone: string; values: string }>(
    `SELECT "rowNumber", phone, "values" FROM "ListRecipient" WHERE "listId" = $1 ORDER BY "rowNumber"`,
    [listId],
  );
  return rows.map((row) => ({ ...row, values: JSON.parse(row.values) as string[] }));
}

async function issues(listId: string) {
  const { rows } = await pool().query<{
    kind: string;
    rowNumber: number;
    value: string;
    reason: string;
    firstRow: number | null;
  }>(
    `SELECT kind, "rowNumber", value, reason, "firstRow" FROM "ListIssue" WHERE "listId" = $1 ORDER BY kind, "rowNumber"`,
    [listId],
  );
  return rows;
}

test("a CSV with quoted commas, quoted line breaks, escaped quotes, ragged rows and mixed CRLF/LF is read as a spreadsheet reads it", async () => {
  const csv =
    "name,phone,town\r\n" +
    '"Otieno, Jane",0712345678,Kisumu\n' +
    '"Line\r\nbreak",+254 733 000 111,"She said ""habari"""\r\n' +
    "Short,0711000222\n" +
    "Long,0711000333,Nyeri,extra,cells\r\n" +
    "\r\n" +
    "Bad,12345,Mombasa\n" +
    'C:\\temp\tx,0722000999,"Nyeri \u00e9\u00e8 \ud83d\ude00"\n';
  const result = await upload(csv);
  expect(result).toMatchObject({
    rows: 6,
    valid: 5,
    invalid: 1,
    duplicates: 0,
    columns: ["name", "phone", "town"],
    phoneColumn: "phone",
  });
  expect(result.report).toMatchObject({ delimiter: ",", encoding: "utf-8", headerRow: 1, longRows: 1 });
  expect(await recipients(result.id)).toEqual([
    { rowNumber: 2, phone: "254712345678", values: ["Otieno, Jane", "0712345678", "Kisumu"] },
    { rowNumber: 3, phone: "254733000111", values: ["Line\nbreak", "+254 733 000 111", 'She said "habari"'] },
    { rowNumber: 4, phone: "254711000222", values: ["Short", "0711000222", ""] },
    { rowNumber: 5, phone: "254711000333", values: ["Long", "0711000333", "Nyeri"] },
    // COPY's own escapes (backslash, tab) and multi-byte characters come back as they were; NUL, which PostgreSQL
    // text cannot hold, is dropped.
    { rowNumber: 8, phone: "254722000999", values: ["C:\\temp\tx", "0722000999", "Nyeri \u00e9\u00e8 \ud83d\ude00"] },
  ]);
  // The blank line is row 6 in a spreadsheet: the bad number is on row 7.
  expect(await issues(result.id)).toEqual([
    {
      kind: "INVALID",
      rowNumber: 7,
      value: "12345",
      reason: "Too short: 5 digits, where a Kenyan mobile number has 10 (07…), 12 (254…) or 9 (7…).",
      firstRow: null,
    },
  ]);
  const { rows } = await pool().query(`SELECT state, "validCount", "rowCount", "sizeBytes" FROM "List" WHERE id = $1`, [
    result.id,
  ]);
  expect(rows[0]).toEqual({ state: "READY", validCount: 5, rowCount: 6, sizeBytes: Buffer.byteLength(csv) });
});

test("duplicates are kept once and each is listed with the row it repeats; opted-out numbers are stored and reported", async () => {
  await pool().query(`INSERT INTO "OptOut" (phone) VALUES ('254722000444') ON CONFLICT DO NOTHING`);
  const csv = "msisdn\n0712345678\n254712345678\n+254 722 000 444\n712345678\n";
  const result = await upload(csv);
  expect(result).toMatchObject({ rows: 4, valid: 2, duplicates: 2, optedOut: 1, invalid: 0 });
  expect((await issues(result.id)).map(({ kind, rowNumber, firstRow }) => [kind, rowNumber, firstRow])).toEqual([
    ["DUPLICATE", 3, 2],
    ["DUPLICATE", 5, 2],
    ["OPTED_OUT", 4, null],
  ]);
});

test("across slices of 25,000: opted-out numbers at each slice's edges and duplicates of earlier slices are all reported", async () => {
  const phone = (i: number) => `2547${String(60_000_000 + i)}`;
  // Data rows are file rows 2…60,001; every 10,000th from the 5,000th repeats an earlier number; a slice ends after
  // 25,000 recipients (a repeat is not one): the first slice ends at i = 25,001, the second at 50,004.
  const optedOut = [0, 25_001, 25_002, 50_004, 50_005, 59_999];
  await pool().query(`INSERT INTO "OptOut" (phone) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING`, [
    optedOut.map(phone),
  ]);
  const lines = ["phone,name"];
  for (let i = 0; i < 60_000; i++)
    lines.push(i % 10_000 === 5_000 ? `${phone(i - 4_999)},Again ${i}` : `${phone(i)},N ${i}`);
  const result = await upload(lines.join("\n"), { size: 65_536 });
  expect(result).toMatchObject({ rows: 60_000, valid: 59_994, duplicates: 6, optedOut: optedOut.length, invalid: 0 });
  const found = await issues(result.id);
  expect(found.filter((i) => i.kind === "OPTED_OUT").map((i) => i.rowNumber)).toEqual(optedOut.map((i) => i + 2));
  expect(found.filter((i) => i.kind === "DUPLICATE").map((i) => [i.rowNumber, i.firstRow])).toEqual(
    [5_000, 15_000, 25_000, 35_000, 45_000, 55_000].map((i) => [i + 2, i - 4_999 + 2]),
  );
  const { rows } = await pool().query(
    `SELECT count(*)::int AS n, min("rowNumber") AS first, max("rowNumber") AS last FROM "ListRecipient" WHERE "listId" = $1`,
    [result.id],
  );
  expect(rows[0]).toEqual({ n: 59_994, first: 2, last: 60_001 });
});

test("semicolons and tabs are detected; Windows-1252, UTF-8 with BOM and UTF-16 (Excel's Unicode text) are decoded", async () => {
  const semicolon = Buffer.from("Jina;Simu;Mji\nJosé;0712345678;Nairobi\n", "latin1");
  const a = await upload(semicolon);
  expect(a.report).toMatchObject({ delimiter: ";", encoding: "windows-1252" });
  expect((await recipients(a.id))[0]!.values).toEqual(["José", "0712345678", "Nairobi"]);

  const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from("phone,name\n0712345678,Zoë\n")]);
  const b = await upload(bom);
  expect(b.columns).toEqual(["phone", "name"]);
  expect((await recipients(b.id))[0]!.values).toEqual(["0712345678", "Zoë"]);

  const utf16 = Buffer.concat([
    Buffer.from([0xff, 0xfe]),
    Buffer.from("name\tmobile\r\nWanjiků\t0712 345 678\r\n", "utf16le"),
  ]);
  const c = await upload(utf16, { size: 5 });
  expect(c.report).toMatchObject({ delimiter: "\t", encoding: "utf-16le" });
  expect(await recipients(c.id)).toEqual([
    { rowNumber: 2, phone: "254712345678", values: ["Wanjiků", "0712 345 678"] },
  ]);
});

test("numbers as spreadsheets write them: whole scientific notation accepted, shortened notation refused with how to fix it", async () => {
  const csv = "phone\n2.54712345678E+11\n2.54712E+11\n00254 711 000 222\n+254 (0) 733 000 111\n";
  const result = await upload(csv);
  expect(result).toMatchObject({ valid: 3, invalid: 1 });
  expect((await recipients(result.id)).map((r) => r.phone)).toEqual(["254712345678", "254711000222", "254733000111"]);
  expect((await issues(result.id))[0]!.reason).toMatch(
    /^Excel shortened this number to 2\.54712E\+11 and its last digits are lost\. Format the column as Text/,
  );
});

test("the phone column is guessed by its values when no column is named for it, and the operator can choose another", async () => {
  const csv = "who,contact,other\nJane,0712345678,0733000111\nJohn,0711000222,0733000222\n";
  const guessed = await upload(csv);
  expect(guessed.phoneColumn).toBe("contact");
  const chosen = await upload(csv, { phoneColumn: "other" });
  expect((await recipients(chosen.id)).map((r) => r.phone)).toEqual(["254733000111", "254733000222"]);
  const wrong = await refusal(upload(csv, { phoneColumn: "nope" }));
  expect(wrong.message).toBe('There is no column named "nope". The columns are: who, contact, other.');
});

test("a list without a header row: columns are named column1, column2…", async () => {
  const result = await upload("0712345678,Jane\n0711000222,John\n");
  expect(result).toMatchObject({
    columns: ["column1", "column2"],
    phoneColumn: "column1",
    valid: 2,
    report: { headerRow: null },
  });
});
