// An opt-out file goes through the importer process, as lists do (issue 42, item 11), over real loopback HTTP into a
// real PostgreSQL: its numbers are opted out and the list it passed through is gone; a broken or oversized file gets
// the very sentence the import gives (as when the web process parsed it) and stores nothing; and with no importer
// answering, the upload is refused with the importer's sentence — the web process does not read the file itself.
import { expect, test } from "vitest";
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/errors/app-error";
import { IMPORTER_DOWN } from "@/lib/importer/forward-upload";
import { importList } from "@/lib/lists/import-list";
import { TOO_MANY_BYTES } from "@/lib/http/body-limits";
import { freePort } from "@/test/free-port";
import { browserBody, IMPORTER_SECRET, importerForFile } from "@/test/importer-for-file";
import { pieces, refusal, stored } from "@/test/upload-helpers";
import { uploadOptOuts } from "./upload-opt-outs";

const importer = importerForFile();

const stream = (data: Uint8Array | string) => browserBody(() => pieces(data, 4096));

const upload = (data: Uint8Array | string, over: { declaredBytes?: number | null; filename?: string } = {}) =>
  uploadOptOuts(
    {
      body: stream(data),
      declaredBytes: over.declaredBytes === undefined ? Buffer.byteLength(data) : over.declaredBytes,
      filename: over.filename ?? "stop.csv",
      authorId: importer.authorId,
      signal: new AbortController().signal,
    },
    importer.target,
  );

const optOuts = () => db.optOut.findMany({ orderBy: { phone: "asc" }, select: { phone: true, reason: true } });

test("the importer reads the file: its valid numbers are opted out, the list it passed through is deleted", async () => {
  await db.optOut.create({ data: { phone: "254712000003", reason: "by hand" } });
  const csv = "phone\n0712000001\n0712000002\n0712000001\n12345\n0712000003\n";
  expect(await upload(csv)).toEqual({ rows: 5, added: 2, already: 1, invalid: 1, duplicates: 1 });
  expect(await optOuts()).toEqual([
    { phone: "254712000001", reason: "Uploaded: stop.csv" },
    { phone: "254712000002", reason: "Uploaded: stop.csv" },
    { phone: "254712000003", reason: "by hand" },
  ]);
  expect(await stored()).toEqual({ uploads: 0, recipients: 0, issues: 0 });
});

test("a broken or oversized file gets the import's own sentence and stores nothing", async () => {
  const before = await optOuts();
  const picture = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(5000, 7)]);
  // The sentence the web process gave when it parsed the file itself.
  const parsedHere = await refusal(
    importList({
      body: pieces(picture),
      declaredBytes: picture.length,
      filename: "photo.csv",
      authorId: importer.authorId,
    }),
  );
  const handedOn = await refusal(upload(picture, { filename: "photo.csv" }));
  expect([handedOn.code, handedOn.message]).toEqual([parsedHere.code, parsedHere.message]);
  expect(handedOn.message).toMatch(/picture|image|PNG/i);

  const empty = await refusal(upload(""));
  expect(empty.message).toBe("The file is empty: it has no rows.");

  const huge = await refusal(upload("phone\n0712000009\n", { declaredBytes: 200 * 1024 * 1024 }));
  expect([huge.code, huge.message]).toEqual(["TOO_LARGE", TOO_MANY_BYTES]);

  expect(await optOuts()).toEqual(before);
  expect(await stored()).toEqual({ uploads: 0, recipients: 0, issues: 0 });
});

test("with no importer answering, the upload is refused with its sentence: the web process never parses the file", async () => {
  const down = await refusal(
    uploadOptOuts(
      {
        body: stream("phone\n0712000077\n"),
        declaredBytes: 17,
        filename: "stop.csv",
        authorId: importer.authorId,
        signal: new AbortController().signal,
      },
      { url: `http://127.0.0.1:${await freePort()}`, secret: IMPORTER_SECRET },
    ),
  );
  expect(down).toEqual(new AppError("BUSY", IMPORTER_DOWN));
  expect(await db.optOut.count({ where: { phone: "254712000077" } })).toBe(0);
});
