// A parameterised statement with its values written in as literals, for the one statement PostgreSQL will not bind
// parameters into: COPY (…) TO STDOUT (the batch export's pages, lib/batches/report-csv-page.ts). Each value becomes a
// quoted literal, which PostgreSQL types from its context exactly as it types an untyped parameter ('48' where an
// integer is wanted, '…'::bigint where the statement casts), so the statement means what it meant with $n. Quoting is
// node-postgres's own escapeLiteral (quotes doubled, backslashes in an E'' literal); an array goes in as its array
// literal (array-literal.ts), quoted the same way.
import pg from "pg";
import { arrayLiteral } from "./array-literal";

export type InlineValue = string | number | boolean | null | readonly (string | null)[];

/** `$1`, `$2`, … of `sql` replaced by `values[0]`, `values[1]`, … as literals; a placeholder with no value throws. */
export function inlineParams(sql: string, values: readonly unknown[]): string {
  return sql.replace(/\$(\d+)(?!\d)/g, (_, n: string) => {
    const index = Number(n) - 1;
    if (index < 0 || index >= values.length) throw new Error(`No value for $${n} (${values.length} given).`);
    return literal(values[index]);
  });
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return "NULL";
  if (Array.isArray(value)) return pg.escapeLiteral(arrayLiteral(value as (string | null)[]));
  if (typeof value === "string") return pg.escapeLiteral(value);
  if (typeof value === "boolean") return value ? "'true'" : "'false'";
  if (typeof value === "number" && Number.isFinite(value)) return `'${value}'`;
  if (typeof value === "bigint") return `'${value}'`;
  throw new Error(`A ${typeof value} cannot be written as a literal.`);
}
