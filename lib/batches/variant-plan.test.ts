// The plan per language (variant-plan.ts): recipients, units and segments counted from each recipient's own text,
// a language without a variant counted as the default's, and the characters that force UCS-2 named per language.
import { expect, test } from "vitest";
import { planByLanguage } from "./variant-plan";

const SW = "Habari, kliniki ni kesho saa tatu asubuhi. Tafadhali fika mapema.";
const EN = "Hello, the clinic is tomorrow at 9:00 — please come early."; // the dash is not GSM-7

test("each language's recipients, units and segments; unmapped and unknown languages count as the default", () => {
  const recipients = [
    ...Array.from({ length: 3 }, () => ({ language: "sw", text: null })),
    ...Array.from({ length: 2 }, () => ({ language: "en", text: null })),
    { language: null, text: null },
    { language: "fr", text: null }, // no French variant: the default
    { language: "sw", text: `${SW} ${"x".repeat(120)}` }, // personalised past one part: two segments
  ];
  const plan = planByLanguage(
    "SMS",
    "Hi",
    [
      { language: "sw", text: SW },
      { language: "en", text: EN },
    ],
    recipients,
  );
  expect(plan).toEqual([
    { language: null, recipients: 2, units: 2, maxSegments: 1, encoding: "GSM-7", ucs2: [] },
    { language: "sw", recipients: 4, units: 5, maxSegments: 2, encoding: "GSM-7", ucs2: [] },
    { language: "en", recipients: 2, units: 2, maxSegments: 1, encoding: "UCS-2", ucs2: ["—"] },
  ]);
});

test("voice costs one unit per recipient whatever the length; a language nobody has still shows, with none", () => {
  const plan = planByLanguage(
    "VOICE",
    "Hi",
    [{ language: "sw", text: SW.repeat(4) }],
    [{ language: null, text: null }],
  );
  expect(plan.map((row) => [row.language, row.recipients, row.units])).toEqual([
    [null, 1, 1],
    ["sw", 0, 0],
  ]);
});
