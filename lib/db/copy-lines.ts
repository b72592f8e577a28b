// COPY … FROM STDIN in PostgreSQL's text format: values escaped, the lines of a slice sent in one write (one stream
// write per line would cost more than the COPY itself, and a write per 64 KiB piece needs an event-loop turn each,
// which a busy parser does not give). The fastest way into PostgreSQL (docs/design.md §5).
import "server-only";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { CopyBuffer } from "./copy-buffer";

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_SPECIALS = /[\\\t\n\r]/g;
const COPY_ESCAPES: Record<string, string> = { "\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r" };

/** COPY's text format: backslash, tab, newline and carriage return escaped; \N is NULL. Most values have none of
 * them and are returned as they are (this runs once per cell of a million-row list). */
export function copyText(value: string | null): string {
  if (value === null) return "\\N";
  if (!COPY_SPECIAL.test(value)) return value;
  return value.replace(COPY_SPECIALS, (c) => COPY_ESCAPES[c]!);
}

export async function copyLines(
  client: pg.PoolClient,
  statement: string,
  lines: readonly string[] | CopyBuffer,
): Promise<void> {
  if (lines instanceof CopyBuffer) {
    if (lines.lines > 0) await pipeline(Readable.from([lines.bytes]), client.query(copyFrom(statement)));
    return;
  }
  if (lines.length === 0) return;
  await pipeline(Readable.from([lines.join("")]), client.query(copyFrom(statement)));
}
