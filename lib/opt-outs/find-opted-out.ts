// Which of these numbers are on the opt-out list now: Compose names them before Send (a batch stores them SUPPRESSED,
// never sends them). One indexed lookup of the distinct numbers (OptOut's primary key), bounded by what may be pasted.
import "server-only";
import { z } from "zod";
import { pool } from "@/lib/db/pool";
import { MAX_PASTED_NUMBERS } from "@/lib/recipients/split-numbers";
import { formatCount } from "@/lib/numbers/format";
import { neverContacted } from "./never-contact";

export const optedOutQuestionSchema = z.object({
  phones: z
    .array(z.string().regex(/^254\d{9}$/, "Numbers in the 254… form."))
    .max(MAX_PASTED_NUMBERS, `At most ${formatCount(MAX_PASTED_NUMBERS)} numbers.`),
});

/** 100,000 numbers as a JSON array of "254…" strings (15 bytes each), with room to spare. */
export const OPTED_OUT_QUESTION_BYTES = 2 * 1024 * 1024;

export async function findOptedOut(phones: readonly string[]): Promise<string[]> {
  if (phones.length === 0) return [];
  const { rows } = await pool().query<{ phone: string }>(
    `SELECT phone FROM "OptOut" WHERE phone = ANY($1::text[]) ORDER BY phone`,
    [[...new Set(phones)]],
  );
  // And the numbers erased with "never contact" (stored SUPPRESSED alike; known only by their keyed hashes).
  const never = await neverContacted(pool(), phones);
  if (never.size === 0) return rows.map((row) => row.phone);
  return [...new Set([...rows.map((row) => row.phone), ...never])].sort();
}
