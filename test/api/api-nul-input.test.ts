// A NUL character (\u0000) in a JSON body is bad input, answered 400 with a sentence naming where it is: PostgreSQL
// text refuses it, and the database's refusal used to come back as a 500 "try again" that no retry could mend.
import { expect, test } from "vitest";
import { POST as createWebhook } from "@/app/api/v1/webhooks/route";
import { db } from "@/lib/db/client";
import { call, keyFor, user } from "./api-client";

test("a NUL in a text field is refused by name, and nothing is stored", async () => {
  const key = await keyFor(await user("ADMIN"), ["admin"], "nul");
  const url = "https://93.184.216.34/nul";
  const answer = await call(createWebhook, {
    key,
    path: "/webhooks",
    body: { url, events: ["message.delivered"], description: "CRM\u0000" },
  });
  expect(answer.status).toBe(400);
  expect(JSON.stringify(await answer.json())).toContain(
    "The request contains a NUL character (\\\\u0000) in description, which cannot be stored: remove it.",
  );
  expect(await db.webhookEndpoint.count({ where: { url } })).toBe(0);

  // The same text with "\u0000" written out (an escaped backslash) is ordinary text.
  const fine = await call(createWebhook, {
    key,
    path: "/webhooks",
    body: { url, events: ["message.delivered"], description: "CRM \\u0000" },
  });
  expect(fine.status).toBe(201);
});
