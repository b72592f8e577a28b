// The triggers of migration api_events name events in SQL; events.ts names them for the form, the API and the
// document. This keeps the two in step: every message state's event, and the pause codes of the sentences the code
// pauses with.
import { expect, test } from "vitest";
import { ESCALATION_PAUSED } from "@/lib/batches/pause-batch";
import { pool } from "@/lib/db/pool";
import { MessageState } from "@/lib/generated/prisma/enums";
import { outOfUnitsReason } from "@/lib/units/out-of-units";
import { MESSAGE_STATE_EVENTS, PAUSE_CODES, WEBHOOK_EVENTS } from "./events";

test("each message state raises the event events.ts names for it, or none", async () => {
  for (const state of Object.values(MessageState)) {
    const { rows } = await pool().query<{ event: string | null }>(
      `SELECT tuma_message_event($1::"MessageState") AS event`,
      [state],
    );
    const expected = (MESSAGE_STATE_EVENTS as Partial<Record<string, string>>)[state] ?? null;
    expect(rows[0]!.event, state).toBe(expected);
    if (expected) expect(WEBHOOK_EVENTS).toContain(expected);
  }
});

test("a pause's sentence gives its code", async () => {
  const code = async (reason: string | null) =>
    (await pool().query<{ code: string }>(`SELECT tuma_pause_code($1) AS code`, [reason])).rows[0]!.code;
  expect(await code(outOfUnitsReason("Insufficient units"))).toBe("out_of_units");
  expect(await code(ESCALATION_PAUSED)).toBe("with_sms_batch");
  expect(await code("The provider refused the account's token (401 Unauthenticated). Update the token")).toBe(
    "token_refused",
  );
  expect(await code("Paused after 5 failed attempts to reach the provider (last: 503).")).toBe("provider_unreachable");
  expect(await code(null)).toBe("operator");
  expect(await code("Paused through the API.")).toBe("operator");
  for (const reason of [null, ESCALATION_PAUSED]) expect(PAUSE_CODES).toContain(await code(reason));
});
