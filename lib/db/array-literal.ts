// PostgreSQL's array literal ({"a","b",NULL}) for a column of values sent as one parameter to `unnest($1::text[])`.
// node-postgres builds the same literal from a JavaScript array, but element by element through its generic value
// preparation (two regular-expression replacements per string, a slow local-time formatter per Date): for the
// receipt route's commits of 5,000 rows that was a tenth of the web server's CPU (docs/scaling.md, "The receipt
// route"). Here a string is escaped only when it holds a quote or a backslash, and a Date is written in UTC (an
// invalid Date as text PostgreSQL refuses, class 22, as node-postgres's "NaN-NaN…" was).

const NEEDS_ESCAPE = /["\\]/;
const ESCAPED = /["\\]/g;

/** Every element double-quoted (so NULL, braces, commas and spaces inside a value stay text); null as NULL. */
export function arrayLiteral(values: readonly (string | Date | null)[]): string {
  let literal = "{";
  for (let i = 0; i < values.length; i++) {
    if (i > 0) literal += ",";
    const value = values[i];
    if (value === null || value === undefined) literal += "NULL";
    else if (value instanceof Date) literal += `"${Number.isNaN(value.getTime()) ? "invalid" : value.toISOString()}"`;
    else literal += `"${NEEDS_ESCAPE.test(value) ? value.replace(ESCAPED, "\\$&") : value}"`;
  }
  return `${literal}}`;
}
