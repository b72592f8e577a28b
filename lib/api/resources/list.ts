// The List resource of /api/v1: a saved recipient list — its name, columns and what its check found — mapped in one
// place (toListResource), never the row (no author, content hash, heartbeat or progress key: docs/api.md).
import { z } from "zod";
import type { Prisma } from "@/lib/generated/prisma/client";
import { LIST_FILE_FIELDS } from "@/lib/lists/list-fields";
import { at, atOrNull, count, iso } from "./common";

export const listResourceSchema = z
  .object({
    id: z.uuid().meta({
      description: "The list's id, for `listId` of POST /batches.",
      example: "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
    }),
    name: z.string().meta({ description: "The list's name.", example: "Clinic patients" }),
    filename: z.string().meta({ description: "The file's name as uploaded.", example: "patients.csv" }),
    format: z.enum(["csv", "xlsx"]).meta({ description: "The file's format.", example: "csv" }),
    state: z
      .enum(["STORING", "READY"])
      .meta({ description: "READY once stored and checked; STORING while it is read.", example: "READY" }),
    columns: z.array(z.string()).meta({
      description: "The file's columns, in order: {{placeholders}} a template may use.",
      example: ["phone", "name"],
    }),
    phoneColumn: z.string().meta({ description: "The column the numbers were read from.", example: "phone" }),
    counts: z
      .object({
        rows: count("Data rows in the file.", 2),
        valid: count("Rows with a number that will be sent to.", 2),
        invalid: count("Rows whose number is not a mobile number.", 0),
        duplicates: count("Rows repeating a number of an earlier row.", 0),
        optedOut: count("Rows whose number opted out.", 0),
      })
      .meta({ description: "What the check found; valid + invalid + duplicates + optedOut = rows." }),
    createdAt: at("When it was uploaded."),
    completedAt: atOrNull("When it was stored and checked; null while STORING."),
  })
  .meta({ id: "List", description: "A saved recipient list (CSV or XLSX) and its check's counts." });

export type ListResource = z.infer<typeof listResourceSchema>;

const sample = z
  .object({
    row: z.number().int().meta({ description: "The row's number in the file.", example: 7 }),
    value: z.string().meta({ description: "The phone cell as written.", example: "0712 34" }),
    reason: z.string().meta({ description: "Why it is left out.", example: "Too short for a Kenyan mobile number." }),
  })
  .meta({ id: "ListIssueSample" });

export const uploadedListSchema = z
  .object({
    list: listResourceSchema,
    samples: z
      .object({
        invalid: z.array(sample).meta({ description: "Up to 10 rows left out as invalid." }),
        duplicates: z.array(sample).meta({ description: "Up to 10 rows left out as duplicates." }),
        optedOut: z.array(sample).meta({ description: "Up to 10 rows left out as opted out." }),
      })
      .meta({ description: "The first rows of each kind the check left out." }),
  })
  .meta({ id: "UploadedList", description: "The stored list and the first rows of its report." });

export type UploadedList = z.infer<typeof uploadedListSchema>;

/** What the mapping reads of a list (read-lists.ts selects exactly this). */
export const LIST_SOURCE = { ...LIST_FILE_FIELDS, state: true, completedAt: true } as const satisfies Prisma.ListSelect;
export type ListSource = Prisma.ListGetPayload<{ select: typeof LIST_SOURCE }>;

export function toListResource(l: ListSource): ListResource {
  return {
    id: l.id,
    name: l.name,
    filename: l.filename,
    format: l.format === "xlsx" ? "xlsx" : "csv",
    state: l.state,
    columns: l.columns,
    phoneColumn: l.phoneColumn,
    counts: {
      rows: l.rowCount,
      valid: l.validCount,
      invalid: l.invalidCount,
      duplicates: l.duplicateCount,
      optedOut: l.optedOutCount,
    },
    createdAt: l.createdAt.toISOString(),
    completedAt: iso(l.completedAt),
  };
}
