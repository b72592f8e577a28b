// What a text column refuses is replaced, and nothing else changes: checked against PostgreSQL itself.
import { expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { REPLACEMENT, storableText } from "./storable-text";

test.each([
  ["a NUL", "ok\0done", `ok${REPLACEMENT}done`],
  ["a gzip header", "\x1f\x8b\b\0\0\0\0\0", `\x1f\x8b\b${REPLACEMENT.repeat(5)}`],
  ["a lone surrogate", "a\ud800b", `a${REPLACEMENT}b`],
  ["ordinary text", "Ünïcödé ✓ 🙂 \t\n", "Ünïcödé ✓ 🙂 \t\n"],
])("%s", async (_name, raw, stored) => {
  expect(storableText(raw)).toBe(stored);
  const { rows } = await pool().query<{ text: string }>(`SELECT $1::text AS text`, [storableText(raw)]);
  expect(rows[0]!.text).toBe(stored);
});

test("PostgreSQL refuses the NUL as received (the reason for the above)", async () => {
  await expect(pool().query(`SELECT $1::text`, ["ok\0done"])).rejects.toMatchObject({ code: "22021" });
});
