// POST /api/v1/batches takes Compose's escalation option (lib/batches/escalation-settings.ts) with the same rules and
// sentences: stored on the batch when given, refused next to its field when out of bounds or on a voice batch.
import { randomUUID } from "node:crypto";
import { beforeAll, expect, test } from "vitest";
import { POST as createBatch } from "@/app/api/v1/batches/route";
import { db } from "@/lib/db/client";
import { call, defaultAccount, keyFor, user } from "./api-client";

let key = "";

beforeAll(async () => {
  await defaultAccount();
  key = await keyFor(await user("OPERATOR"), ["send", "read"]);
});

test("an SMS batch with escalation after 5 minutes is stored with its call's options", async () => {
  const name = `escalate-${randomUUID()}`;
  const body = {
    name,
    templateText: "Hi",
    recipients: ["254712345678"],
    escalateAfterMinutes: 5,
    escalationText: "Please check your messages.",
    escalationVoice: 2,
    escalationRepeat: 2,
  };
  const answer = await call(createBatch, { key, body });
  expect(answer.status).toBe(201);
  expect(await db.batch.findFirst({ where: { name } })).toMatchObject({
    escalateAfterMinutes: 5,
    escalationText: "Please check your messages.",
    escalationVoice: 2,
    escalationRepeat: 2,
  });
});

test("4 minutes, and escalation on a voice batch, are refused with the console's sentence next to the field", async () => {
  const name = `escalate-${randomUUID()}`;
  const short = await call(createBatch, {
    key,
    body: { name, templateText: "Hi", recipients: ["254712345678"], escalateAfterMinutes: 4 },
  });
  expect(short.status).toBe(400);
  expect(JSON.stringify(await short.json())).toContain("Call after 5 to 1,440 minutes.");
  const voice = await call(createBatch, {
    key,
    body: { name, kind: "VOICE", templateText: "Hi", recipients: ["254712345678"], escalateAfterMinutes: 30 },
  });
  expect(voice.status).toBe(400);
  expect(JSON.stringify(await voice.json())).toContain("Only an SMS batch can be escalated to a call.");
  expect(await db.batch.count({ where: { name } })).toBe(0);
});
