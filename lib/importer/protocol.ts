// The hand-off of an upload from a web process to the importer (server.ts), on loopback: one POST per upload with
// the file as its body, streamed (the web process holds a few chunks, never the file), the shared secret, the
// operator's id and the browser's choices; the answer is the stored upload with its report, or the error to show.
import { z } from "zod";
import { APP_ERROR_CODES } from "@/lib/errors/app-error";
import { listNameSchema } from "@/lib/lists/list-name";

export const IMPORT_PATH = "/imports";
export const HEALTH_PATH = "/health";
/** The operator the upload is for: the web process checked their session and role before handing it on. */
export const AUTHOR_HEADER = "x-tuma-author";
/** The browser's Content-Length, when it sent one (the hand-off itself is chunked). */
export const DECLARED_BYTES_HEADER = "x-tuma-declared-bytes";

export const importQuerySchema = z.object({
  filename: z.string().trim().min(1).max(255),
  name: listNameSchema.optional(),
  phoneColumn: z.string().max(200).optional(),
  progressKey: z.uuid().optional(),
  /** "opt-outs": the file's numbers are added to the opt-outs and the list deleted (lib/importer/upload-opt-outs.ts). */
  purpose: z.enum(["list", "opt-outs"]).optional(),
});
export type ImportQuery = z.infer<typeof importQuerySchema>;

const sample = z.object({ row: z.number(), value: z.string(), reason: z.string() });

export const importAnswerSchema = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    /** lib/lists/import-list.ts ImportedList, passed on to the browser as it is. */
    list: z
      .object({ id: z.string(), phoneColumn: z.string(), sameFile: z.object({ id: z.string() }).loose().nullable() })
      .loose(),
    samples: z.record(z.string(), z.array(sample)),
    /** With purpose "opt-outs": what came of the file. */
    optOuts: z
      .object({ rows: z.number(), added: z.number(), already: z.number(), invalid: z.number(), duplicates: z.number() })
      .optional(),
  }),
  z.object({
    ok: z.literal(false),
    /** Null for an unexpected error (logged by the importer, hidden from the browser). */
    code: z.enum(APP_ERROR_CODES).nullable(),
    message: z.string(),
    fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  }),
]);
export type ImportAnswer = z.infer<typeof importAnswerSchema>;
