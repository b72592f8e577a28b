// The hand-off from the web process to the importer, over real loopback HTTP: a list streamed on is stored and its
// report comes back; a refusal comes back as the same sentence and stops the browser's body being read; the browser
// going away stops the import with nothing stored; a caller without the secret is refused; an importer that is down
// or stops mid-file is a sentence to try again.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { isReadyMessage } from "@/lib/bootstrap/supervisor-messages";
import { AppError } from "@/lib/errors/app-error";
import { INTERRUPTED } from "@/lib/list-files/limited-body";
import { refusal } from "@/test/upload-helpers";
import { freePort } from "@/test/free-port";
import { browserBody, IMPORTER_SECRET, importerForFile } from "@/test/importer-for-file";
import { forwardUpload, IMPORTER_DOWN, type ForwardInput } from "./forward-upload";
import { countRows } from "@/test/report-data";
import { WAIT_BOUND_MS } from "@/test/wait-bound";

const importer = importerForFile();

const input = (over: Partial<ForwardInput>): ForwardInput => ({
  body: null,
  declaredBytes: null,
  filename: "list.csv",
  authorId: importer.authorId,
  signal: new AbortController().signal,
  ...over,
});

/** A browser's body of `text`, in one piece. */
const bodyOf = (text: string) =>
  browserBody(async function* () {
    yield Buffer.from(text);
  });

const listOf = async (progressKey: string) =>
  (
    await pool().query<{ id: string; state: string; rowCount: number }>(
      `SELECT id, state, "rowCount" FROM "List" WHERE "progressKey" = $1`,
      [progressKey],
    )
  ).rows[0];

test("a list handed on is stored by the importer, and its report comes back with the first lines of each group", async () => {
  const csv = "phone,name\n0712000001,Amina\n12345,Short\n0712000001,Again\n0712000002,Baraka\n";
  const answer = await forwardUpload(
    input({ body: bodyOf(csv), declaredBytes: csv.length, filename: "small.csv" }),
    importer.target,
  );
  expect(answer.list).toMatchObject({ filename: "small.csv", rows: 4, valid: 2, invalid: 1, duplicates: 1 });
  expect(answer.samples.invalid).toEqual([expect.objectContaining({ row: 3, value: "12345" })]);
  expect(answer.samples.duplicates).toEqual([expect.objectContaining({ row: 4 })]);
  const { rows } = await pool().query(`SELECT state, "authorId" FROM "List" WHERE id = $1`, [answer.list.id]);
  expect(rows).toEqual([{ state: "READY", authorId: importer.authorId }]);
});

test("a file refused on its first bytes is answered with its sentence, and the rest of the browser's body is not read", async () => {
  let cancelled = false;
  let sent = 0;
  // A picture, as far as the bytes go: never ending, so only a refusal before its end can answer.
  const picture = browserBody(
    async function* () {
      yield Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      for (;;) {
        sent += 16_384;
        yield Buffer.alloc(16_384, 7);
      }
    },
    () => (cancelled = true),
  );
  const error = await refusal(forwardUpload(input({ body: picture, filename: "photo.csv" }), importer.target));
  expect(error.code).toBe("INVALID_INPUT");
  expect(error.message).toMatch(/picture|image|PNG/i);
  expect(cancelled).toBe(true);
  expect(sent).toBeLessThan(10 * 1024 * 1024);
});

test("a refusal while the web is still sending always reaches it: the importer does not close on unread bytes", async () => {
  // Closing a socket with unread bytes makes the kernel reset it, which can drop the answer already written: the
  // person would read "restarting" instead of why their file was refused. Twenty refusals in a row, each mid-stream.
  const header = Array.from({ length: 30_000 }, (_, i) => `c${i}`).join(",") + "\n";
  for (let attempt = 0; attempt < 20; attempt++) {
    const wide = browserBody(async function* () {
      yield Buffer.from(`phone,${header}`);
      for (;;) yield Buffer.alloc(65_536, "0712000001,x\n");
    });
    const error = await refusal(forwardUpload(input({ body: wide, filename: "wide.csv" }), importer.target));
    expect({ attempt, message: error.message }).toEqual({ attempt, message: expect.stringMatching(/30,001 columns/) });
  }
});

test("a file over the size limit by its declared length is refused at once, as 413 with the sentence", async () => {
  const error = await refusal(
    forwardUpload(input({ body: bodyOf("phone\n0712000001\n"), declaredBytes: 200 * 1024 * 1024 }), importer.target),
  );
  expect(error.code).toBe("TOO_LARGE");
  expect(error.message).toMatch(/larger than 100 MB/);
});

test("the browser going away mid-file stops the import: nothing is stored", async () => {
  const progressKey = randomUUID();
  const browser = new AbortController();
  const rows = Array.from({ length: 30_000 }, (_, i) => `07${String(51_000_000 + i)},Name ${i}\n`).join("");
  const upload = forwardUpload(
    input({
      progressKey,
      signal: browser.signal,
      body: browserBody(async function* () {
        yield Buffer.from(`phone,name\n${rows}`);
        await new Promise(() => {}); // the rest never comes: a slow connection, then Cancel
      }),
    }),
    importer.target,
  );
  upload.catch(() => {});
  await expect.poll(async () => (await listOf(progressKey))?.rowCount ?? 0, { timeout: WAIT_BOUND_MS }).toBe(25_000);
  const { id } = (await listOf(progressKey))!;
  browser.abort();
  const error = await refusal(upload);
  expect(error.message).toBe(INTERRUPTED);
  await expect.poll(() => listOf(progressKey), { timeout: WAIT_BOUND_MS }).toBeUndefined();
  expect(await countRows(`"ListRecipient" WHERE "listId" = $1`, [id])).toBe(0);
});

test("a caller without the secret is refused and nothing is stored", async () => {
  const progressKey = randomUUID();
  const error = await refusal(
    forwardUpload(input({ progressKey, body: bodyOf("phone\n0712000001\n") }), {
      url: importer.target.url,
      secret: "not-the-secret-at-all-not-the-secret",
    }),
  );
  expect(error.code).toBe("UNAUTHENTICATED");
  expect(await listOf(progressKey)).toBeUndefined();
});

test("an importer that is down, or that stops mid-file, is a sentence to try again in a few seconds", async () => {
  const down = await refusal(
    forwardUpload(input({ body: bodyOf("phone\n0712000001\n") }), {
      url: `http://127.0.0.1:${await freePort()}`,
      secret: IMPORTER_SECRET,
    }),
  );
  expect(down).toEqual(new AppError("BUSY", IMPORTER_DOWN));

  // A real importer process, killed mid-file.
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions=react-server", "programs/importer.ts"], {
    env: { ...process.env, IMPORTER_PORT: String(port), IMPORTER_SECRET, NODE_OPTIONS: "", LOG_LEVEL: "warn" },
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  await new Promise<void>((resolve, reject) => {
    child.on("message", (message) => isReadyMessage(message) && resolve());
    child.once("exit", (code) => reject(new Error(`the importer exited (${code})`)));
  });
  const progressKey = randomUUID();
  // More than the first 64 KiB, which decide what the file is: the upload is then under way.
  const rows = Array.from({ length: 10_000 }, (_, i) => `07${String(52_000_000 + i)}\n`).join("");
  const upload = forwardUpload(
    input({
      progressKey,
      body: browserBody(async function* () {
        yield Buffer.from(`phone\n${rows}`);
        await new Promise(() => {});
      }),
    }),
    { url: `http://127.0.0.1:${port}`, secret: IMPORTER_SECRET },
  );
  upload.catch(() => {});
  await expect.poll(async () => (await listOf(progressKey))?.state, { timeout: WAIT_BOUND_MS }).toBe("STORING");
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGKILL");
  await exited;
  expect(await refusal(upload)).toEqual(new AppError("BUSY", IMPORTER_DOWN));
});
