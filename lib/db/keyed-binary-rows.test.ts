// COPY's binary rows of (key, value) become the values' bytes joined, counted, the last key kept — read from the
// database's own COPY, and refused when the bytes are not what that statement writes.
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import { afterAll, expect, test } from "vitest";
import { keyedBinaryRows } from "./keyed-binary-rows";

const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
await client.connect();
afterAll(() => client.end());

async function copied(select: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of client.query(copyTo(`COPY (${select}) TO STDOUT (FORMAT binary)`))) chunks.push(chunk);
  return Buffer.concat(chunks);
}

test("the values come as their bytes, unescaped, in order; NULL adds nothing; the last key is kept", async () => {
  const page = keyedBinaryRows(
    await copied(
      `SELECT k::text, v FROM (VALUES (9, E'<a>\\t"x"\\\\'), (10, NULL), (100, 'Wanjirũ 😀'), (1000, '')) AS t(k, v)`,
    ),
  );
  expect(page.bytes.toString()).toBe('<a>\t"x"\\Wanjirũ 😀');
  expect(page).toMatchObject({ rows: 4, lastKey: "1000" });
});

test("no rows: no bytes and no key", async () => {
  expect(keyedBinaryRows(await copied(`SELECT '1', 'x' WHERE false`))).toEqual({
    bytes: Buffer.alloc(0),
    rows: 0,
    lastKey: null,
  });
});

test("another format, another row shape, a NULL key or bytes cut short are refused", async () => {
  expect(() => keyedBinaryRows(Buffer.from("1,x\n"))).toThrow("signature");
  expect(() => keyedBinaryRows(Buffer.alloc(0))).toThrow("signature");
  await expect(async () => keyedBinaryRows(await copied(`SELECT '1', 'x', 'y'`))).rejects.toThrow("3 fields");
  await expect(async () => keyedBinaryRows(await copied(`SELECT NULL::text, 'x'`))).rejects.toThrow("without its key");
  const whole = await copied(`SELECT '1', 'abcdef'`);
  expect(() => keyedBinaryRows(whole.subarray(0, whole.length - 6))).toThrow();
  expect(() => keyedBinaryRows(Buffer.concat([whole, Buffer.from([0])]))).toThrow("after COPY's trailer");
});
