// What every /api/v1 resource is built from: instants as ISO 8601 strings, and the one page envelope of every list
// (`data`, `has_more`, `next_cursor`) with its `limit` and `cursor` parameters (docs/api.md, "Pages"). The resources
// themselves are one file each beside this one: a zod schema registered in the OpenAPI document (lib/api/openapi/)
// and the one function that maps the domain onto it, so a database column never reaches an answer by accident.
import { z } from "zod";
import { formatCount } from "@/lib/numbers/format";

export const instant = z.iso.datetime({ offset: true });

/** An instant for the document, described and exemplified. */
export const at = (description: string) => instant.meta({ description, example: "2026-12-01T06:00:00.000Z" });

/** Nullable, with what null means. */
export const atOrNull = (description: string) =>
  instant.nullable().meta({ description, example: "2026-12-01T06:00:00.000Z" });

/** A text or a whole number that may be null (what null means is in the description), exemplified. */
export const textOrNull = (description: string, example: string | null) =>
  z.string().nullable().meta({ description, example });
export const intOrNull = (description: string, example: number | null) =>
  z.number().int().nullable().meta({ description, example });

/** A count: a whole number, never negative, exemplified. */
export const count = (description: string, example = 0) => z.number().int().min(0).meta({ description, example });

export const iso = (value: Date | null | undefined): string | null => (value ? value.toISOString() : null);

export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 1_000;

/** `limit` of every list operation: 1 … 1,000 items, 50 when absent. */
export const limitParam = z.coerce
  .number({ error: `The limit is a whole number from 1 to ${formatCount(PAGE_LIMIT_MAX)}.` })
  .int(`The limit is a whole number from 1 to ${formatCount(PAGE_LIMIT_MAX)}.`)
  .min(1, `The limit is a whole number from 1 to ${formatCount(PAGE_LIMIT_MAX)}.`)
  .max(PAGE_LIMIT_MAX, `The limit is a whole number from 1 to ${formatCount(PAGE_LIMIT_MAX)}.`)
  .default(PAGE_LIMIT_DEFAULT)
  .meta({
    description: `How many items a page holds: 1 to ${formatCount(PAGE_LIMIT_MAX)}, ${PAGE_LIMIT_DEFAULT} when absent.`,
    example: 100,
  });

/** `cursor` of every list operation: the `next_cursor` of the page before, as it was given. */
export const cursorDescription = "The `next_cursor` of the previous page, as it was given; absent for the first page.";

/** The page envelope: `data` in the operation's order, `has_more`, and the cursor of the next page. */
export function pageSchema<T extends z.ZodType>(item: T, id: string, description: string) {
  return z
    .object({
      data: z.array(item).meta({ description: "This page's items, in the operation's order." }),
      has_more: z.boolean().meta({ description: "Whether another page follows this one.", example: false }),
      next_cursor: z
        .string()
        .nullable()
        .meta({ description: "Pass as `cursor` for the next page; null when has_more is false.", example: null }),
    })
    .meta({ id, description });
}

export type Page<T> = { data: T[]; has_more: boolean; next_cursor: string | null };

/** A short list given whole (webhook endpoints), in the same envelope as every page. */
export function allInOnePage<T>(items: T[]): Page<T> {
  return { data: items, has_more: false, next_cursor: null };
}

/**
 * A page from up to limit + 1 rows read: the extra row only says another page follows (never an empty last page
 * for a caller to fetch), and the cursor is the last row shown.
 */
export function pageOf<R, T>(
  rows: readonly R[],
  limit: number,
  cursorOf: (row: R) => string,
  map: (row: R) => T,
): Page<T> {
  const shown = rows.slice(0, limit);
  const more = rows.length > limit;
  return { data: shown.map(map), has_more: more, next_cursor: more ? cursorOf(shown.at(-1)!) : null };
}
