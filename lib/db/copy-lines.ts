// COPY … FROM STDIN in PostgreSQL's text format: values escaped, the lines of a slice sent in one write (one stream
// write per line would cost more than the COPY itself, and a write per 64 KiB piece needs an event-loop turn each,
// which a busy parser does not give). The fastest way into PostgreSQL (DESIGN.md §9).
import "server-only";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type pg from "pg";
import { from as copyFrom } from "pg-copy-streams";

/** COPY's text format: backslash, tab, newline and carriage return escaped; \N is NULL. */
export function copyText(value: string | null): string {
  if (value === null) return "\\N";
  return value.replace(/\\/g, "\\\\").replace(/\t/g, "\\t").replace(/\n/g, "\\n").replace(/\r/g, "\\r");
}

export async function copyLines(client: pg.PoolClient, statement: string, lines: readonly string[]): Promise<void> {
  if (lines.length === 0) return;
  await pipeline(Readable.from([lines.join("")]), client.query(copyFrom(statement)));
}
