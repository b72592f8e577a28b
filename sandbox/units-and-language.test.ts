/**
 * Two answers the spec does not show, as the sandbox gives them (docs/units-budget.md, docs/voice-language.md): the
 * unitsBalance knob's 402 when a request needs more units than are left (refused whole, nothing queued, a top-up lets
 * it through), and the voice language field — accepted and echoed when configured, a value outside the list refused,
 * ignored when not configured.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startSandbox, type Sandbox } from "./server";

const TOKEN = "units-language-token";
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ port: 0, token: TOKEN, knobs: { receipts: false } });
});
afterAll(() => sandbox.close());
beforeEach(() => sandbox.state.reset());

async function post(path: "send-sms" | "voice-sms", body: unknown): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${sandbox.url}/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json", Authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

const sms = (phone: string) => ({ sender: "TUMA", message: "hello", phone });
const voice = (extra: Record<string, unknown> = {}) => ({
  originator: "254700000000",
  message: "Habari",
  phone: "0712345678",
  ...extra,
});

describe("unitsBalance", () => {
  it("spends units per accepted request; exactly the balance is accepted, one more is a 402 and queues nothing", async () => {
    sandbox.state.setKnobs({ unitsBalance: 3 });
    expect((await post("send-sms", [sms("0712345670"), sms("0712345671")])).status).toBe(200);
    expect(sandbox.state.knobs.unitsBalance).toBe(1);
    const refused = await post("send-sms", [sms("0712345672"), sms("0712345673")]);
    expect(refused).toEqual({ status: 402, json: { status: false, message: "Insufficient units." } });
    expect(sandbox.state.messages.total).toBe(2);
    expect(sandbox.state.knobs.unitsBalance).toBe(1);
    expect((await post("send-sms", sms("0712345672"))).status).toBe(200);
    expect(sandbox.state.knobs.unitsBalance).toBe(0);
    expect((await post("send-sms", sms("0712345673"))).status).toBe(402);
    // A top-up is the knob set again.
    sandbox.state.setKnobs({ unitsBalance: 10 });
    expect((await post("send-sms", sms("0712345673"))).status).toBe(200);
    expect(sandbox.state.messages.total).toBe(4);
  });

  it("null (the default) is unlimited", async () => {
    expect(sandbox.state.knobs.unitsBalance).toBeNull();
    expect((await post("send-sms", sms("0712345670"))).status).toBe(200);
  });
});

describe("voice language field", () => {
  it("accepts an allowed value and echoes it under the same name", async () => {
    sandbox.state.setKnobs({ voiceLanguageField: "language", voiceLanguages: ["en", "sw"] });
    const { status, json } = await post("voice-sms", voice({ language: "sw" }));
    expect(status).toBe(200);
    expect((json as [{ data: Record<string, unknown> }])[0].data.language).toBe("sw");
  });

  it("refuses a value outside the list with 422, naming the field", async () => {
    sandbox.state.setKnobs({ voiceLanguageField: "language", voiceLanguages: ["en", "sw"] });
    const { status, json } = await post("voice-sms", [voice({ language: "fr" })]);
    expect(status).toBe(422);
    expect((json as { errors: Record<string, string[]> }).errors["0.language"]?.[0]).toMatch(/allowed: en, sw/);
    expect(sandbox.state.messages.total).toBe(0);
  });

  it("ignores the field when not configured, like any unknown field", async () => {
    const { status, json } = await post("voice-sms", voice({ language: "fr" }));
    expect(status).toBe(200);
    expect((json as [{ data: Record<string, unknown> }])[0].data.language).toBeUndefined();
  });

  it("refuses a reserved name as the knob's field", () => {
    expect(() => sandbox.state.setKnobs({ voiceLanguageField: "message" })).toThrow(/already uses/);
    expect(() => sandbox.state.setKnobs({ voiceLanguageField: "access_token" })).toThrow();
  });
});
