// The provider's texts reach text columns (a message's lastError, its operator): a NUL in its error message, in a raw
// error body or in a refused entry's message is replaced (lib/db/storable-text.ts), so the statement recording the
// chunk cannot be refused for it. A real server on loopback answers; PostgreSQL takes each text.
import { afterAll, expect, test } from "vitest";
import { pool } from "@/lib/db/pool";
import { REPLACEMENT } from "@/lib/db/storable-text";
import type { SmsRequest } from "@/lib/provider/wire/schemas";
import { createProviderClient } from "./client";
import { ProviderError } from "./failure";
import { unlimited } from "./rate-limiter";
import { serverForFile } from "@/test/loopback-server";

let answer: { status: number; body: string | Buffer } = { status: 200, body: "" };
const request: SmsRequest = { sender: "TUMA", message: "hi", phone: "254712345678", correlator: "1" };

const { url } = await serverForFile((req, res) => {
  req.resume();
  req.on("end", () => res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body));
});
const client = createProviderClient({ baseUrl: `${url}/api/v1`, token: "t", rateLimiter: unlimited });
afterAll(() => client.close());

async function storedAs(text: string): Promise<string> {
  const { rows } = await pool().query<{ text: string }>(`SELECT $1::text AS text`, [text]);
  return rows[0]!.text;
}

async function failureMessage(): Promise<string> {
  const error = await client.sendSms([request]).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ProviderError);
  return (error as ProviderError).failure.message;
}

test("an error message with a \\u0000 escape", async () => {
  answer = { status: 400, body: JSON.stringify({ status: false, message: "bad\0sender" }) };
  const message = await failureMessage();
  expect(message).toBe(`bad${REPLACEMENT}sender`);
  expect(await storedAs(message)).toBe(message);
});

test("a binary error body", async () => {
  answer = { status: 502, body: Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x41]) };
  const message = await failureMessage();
  expect(message).toBe(`HTTP 502: \x1f${REPLACEMENT}\b${REPLACEMENT}${REPLACEMENT}A`);
  expect(await storedAs(message)).toBe(message);
});

test("a refused entry's message in an accepted batch", async () => {
  answer = { status: 200, body: JSON.stringify([{ status: false, message: "no\0pe", data: { correlator: "1" } }]) };
  const [result] = await client.sendSms([request]);
  expect(result).toMatchObject({ status: false, message: `no${REPLACEMENT}pe` });
  expect(await storedAs(result!.message)).toBe(result!.message);
});
