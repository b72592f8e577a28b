// Values written into a statement as literals (for COPY, which binds no parameters) are read back by PostgreSQL as
// exactly what was bound: hostile text cannot end its literal, and each value takes the type its place asks for.
import { expect, test } from "vitest";
import { inlineParams } from "./inline-params";
import { pool } from "./pool";

const HOSTILE = ["it's", "back\\slash", '\'; DROP TABLE "Message"; --', "E'\\x41'", "$1", "$$ dollar $$", "", "😀 ✓"];

async function asBound(sql: string, values: unknown[]): Promise<unknown[]> {
  const bound = await pool().query({ text: sql, values, rowMode: "array" });
  const inlined = await pool().query({ text: inlineParams(sql, values), rowMode: "array" });
  expect(inlined.rows).toEqual(bound.rows);
  return inlined.rows[0] as unknown[];
}

test("hostile text comes back as it went, each value once", async () => {
  for (const text of HOSTILE) {
    expect(await asBound("SELECT $1::text AS a, length($1) AS n", [text])).toEqual([text, [...text].length]);
  }
});

test("each value takes the type its place asks for, as a bound parameter does", async () => {
  const row = await asBound(
    `SELECT $1::bigint + 1 AS id, make_interval(hours => $2) AS i, $3::boolean AS ok, $4::text IS NULL AS none,
            'x' = ANY($5::text[]) AS found, cardinality($6::text[]) AS empty, $7::numeric * 2 AS half`,
    ["9007199254740993", 48, true, null, ["y", "x", 'q"uote', "back\\", null], [], 0.5],
  );
  expect(row.slice(0, 1)).toEqual(["9007199254740994"]);
  expect(row.slice(2)).toEqual([true, true, true, 0, "1.0"]);
});

test("the tenth placeholder is not the first followed by a zero", () => {
  const values = Array.from({ length: 10 }, (_, i) => `v${i + 1}`);
  expect(inlineParams("SELECT $1, $10", values)).toBe("SELECT 'v1', 'v10'");
});

test("a placeholder with no value, or a value with no literal, is refused", () => {
  expect(() => inlineParams("SELECT $2", ["one"])).toThrow("No value for $2");
  expect(() => inlineParams("SELECT $1", [{ an: "object" }])).toThrow("cannot be written");
  expect(() => inlineParams("SELECT $1", [Number.NaN])).toThrow("cannot be written");
});
