// Helpers for upload tests: a file's bytes as a stream in small pieces (so that rows, quotes, CRLFs and multi-byte
// characters are cut at every boundary), large files generated piece by piece (never whole in memory), the stored
// state of uploads, and a user to be their author (or an action's actor).
import { expect } from "vitest";
import type { Actor } from "@/lib/auth/permissions";
import { db } from "@/lib/db/client";
import { importList } from "@/lib/lists/import-list";
import { pool } from "@/lib/db/pool";
import { isAppError, type AppError } from "@/lib/errors/app-error";

export async function* pieces(data: Uint8Array | string, size = 7): AsyncGenerator<Uint8Array> {
  const bytes = typeof data === "string" ? Buffer.from(data, "utf8") : data;
  for (let i = 0; i < bytes.length; i += size) yield bytes.subarray(i, i + size);
}

/** The pieces of `data`, counting how many bytes the reader pulled before it stopped. */
export function counted(data: string, size = 64 * 1024) {
  const body = { pulled: 0, total: Buffer.byteLength(data) };
  async function* read() {
    for await (const piece of pieces(data, size)) {
      body.pulled += piece.length;
      yield piece;
    }
  }
  return Object.assign(body, { stream: read() });
}

/** A CSV of `rows` data rows (and a header), generated piece by piece; the last rows are a duplicate and an invalid
 * number. */
export async function* numberedRows(rows: number): AsyncGenerator<Uint8Array> {
  yield Buffer.from("phone,n\n");
  const per = 50_000;
  for (let start = 0; start < rows; start += per) {
    let text = "";
    for (let i = start; i < Math.min(rows, start + per); i++) {
      if (i === rows - 2)
        text += `0700000000,${i}\n`; // repeats the first row
      else if (i === rows - 1) text += `12345,${i}\n`;
      else text += `07${String(i).padStart(8, "0")},${i}\n`;
    }
    yield Buffer.from(text);
  }
}

/** A user with a fresh address (an operator unless `role` says otherwise): an upload's author, an action's actor. */
export async function author(role: "ADMIN" | "OPERATOR" | "VIEWER" = "OPERATOR"): Promise<string> {
  const user = await db.user.create({
    data: { email: `u-${Math.random()}@t.local`, name: "Uploader", role, passwordHash: "x" },
  });
  return user.id;
}

/** A user as permission checks take it (an Actor), an administrator unless `role` says otherwise; a fresh address. */
export function actor(role: "ADMIN" | "OPERATOR" | "VIEWER" = "ADMIN"): Promise<Actor> {
  return db.user.create({
    data: { email: `${role}-${Math.random()}@t.local`, name: role, role, passwordHash: "x" },
    select: { id: true, email: true, name: true, role: true, mustChangePassword: true },
  });
}

/** Everything uploads have stored: rows of Upload, ListRecipient, ListIssue. */
export async function stored(): Promise<{ uploads: number; recipients: number; issues: number }> {
  const { rows } = await pool().query<{ uploads: number; recipients: number; issues: number }>(
    `SELECT (SELECT count(*)::int FROM "List") AS uploads, (SELECT count(*)::int FROM "ListRecipient") AS recipients,
            (SELECT count(*)::int FROM "ListIssue") AS issues`,
  );
  return rows[0]!;
}

export async function refusal(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!isAppError(error)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

/** A file imported as an author's `list.xlsx`, read in 64 KB pieces (the XLSX refusal tests). */
export function uploadXlsx(file: Buffer, authorId: string) {
  return importList({ body: pieces(file, 64 * 1024), declaredBytes: file.length, filename: "list.xlsx", authorId });
}

/** A file uploaded as a browser sends it: in pieces of `size` bytes, its length not declared. */
export function uploadFile(authorId: string, filename: string, data: Uint8Array | string, size?: number) {
  return importList({ body: pieces(data, size), declaredBytes: null, filename, authorId });
}

/** The refusal of the upload `work` starts, which stored nothing. */
export async function refusedStoringNothing(work: () => Promise<unknown>): Promise<AppError> {
  const before = await stored();
  const error = await refusal(work());
  expect(await stored()).toEqual(before);
  return error;
}

/** The sentence an XLSX import is refused with; nothing was stored by it. */
export async function refusedXlsx(file: Buffer, authorId: string): Promise<string> {
  return (await refusedStoringNothing(() => uploadXlsx(file, authorId))).message;
}
