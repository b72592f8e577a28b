// The array literal read back by PostgreSQL itself: every value comes back as it went, whatever it holds.
import { expect, test } from "vitest";
import { pool } from "./pool";
import { arrayLiteral } from "./array-literal";

async function roundTrip(values: (string | null)[]): Promise<(string | null)[]> {
  const { rows } = await pool().query<{ v: string | null }>(
    "SELECT v FROM unnest($1::text[]) WITH ORDINALITY AS t(v, n) ORDER BY n",
    [arrayLiteral(values)],
  );
  return rows.map((row) => row.v);
}

test("text values that the literal's syntax uses come back as sent", async () => {
  const values = [
    "plain",
    "",
    " padded ",
    "NULL",
    "null",
    "a,b",
    "{braces}",
    '"quoted"',
    "back\\slash",
    '\\"both\\"',
    "\\",
    '"',
    '{"phone":"254700000001","correlator":"7","raw":"a\\\\u0000b"}',
    "line\nbreak\ttab",
    "Habari 👋🏾 ñ",
    null,
    "last",
  ];
  expect(await roundTrip(values)).toEqual(values);
});

test("an empty array and an array of nulls", async () => {
  expect(await roundTrip([])).toEqual([]);
  expect(await roundTrip([null, null])).toEqual([null, null]);
});

test("dates go as instants in UTC, whatever the session's zone", async () => {
  const client = await pool().connect();
  try {
    await client.query("SET TIME ZONE 'America/Los_Angeles'");
    const dates = [new Date("2026-03-01T21:30:05.123Z"), null, new Date("1999-12-31T23:59:59Z")];
    const { rows } = await client.query<{ v: Date | null }>(
      "SELECT v FROM unnest($1::timestamptz[]) WITH ORDINALITY AS t(v, n) ORDER BY n",
      [arrayLiteral(dates)],
    );
    expect(rows.map((row) => row.v?.toISOString() ?? null)).toEqual(dates.map((d) => d?.toISOString() ?? null));
  } finally {
    await client.query("RESET TIME ZONE");
    client.release();
  }
});

test("an invalid Date is refused by PostgreSQL as bad data (class 22), not thrown here", async () => {
  const literal = arrayLiteral([new Date(Number.NaN)]);
  await expect(pool().query("SELECT unnest($1::timestamptz[])", [literal])).rejects.toMatchObject({
    code: expect.stringMatching(/^22/),
  });
});

test("matches node-postgres's own literal for 5,000 generated values", async () => {
  // Strings built from the characters that matter to the syntax, so that every combination of them shows up.
  const alphabet = ['"', "\\", ",", "{", "}", " ", "a", "N", "U", "L"];
  let seed = 7;
  const next = () => (seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0);
  const values = Array.from({ length: 5_000 }, (_, i) =>
    i % 97 === 0 ? null : Array.from({ length: next() % 9 }, () => alphabet[next() % alphabet.length]).join(""),
  );
  const ours = await roundTrip(values);
  const { rows } = await pool().query<{ v: string | null }>(
    "SELECT v FROM unnest($1::text[]) WITH ORDINALITY AS t(v, n) ORDER BY n",
    [values],
  );
  expect(ours).toEqual(rows.map((row) => row.v));
  expect(ours).toEqual(values);
});
