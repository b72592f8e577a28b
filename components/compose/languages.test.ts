// A template's variants as Compose takes them, and the voice language a variant is read aloud and sent in: the one it
// was given when the account allows it, else the account's value for its language (languages.ts).
import { expect, test } from "vitest";
import { submittedVariants, templateLanguages, voiceLanguageOf } from "./languages";

const account = { field: "language", values: ["en-KE", "sw-KE"] };

test("a template's variants arrive unconfirmed, with the column found; none clears the column", () => {
  const languages = templateLanguages(
    [
      { language: "sw", text: "Habari", voiceLanguage: null },
      { language: "en", text: "Hello", voiceLanguage: "en-KE" },
    ],
    "lugha",
  );
  expect(languages).toEqual({
    variants: [
      { language: "sw", text: "Habari", voiceLanguage: "" },
      { language: "en", text: "Hello", voiceLanguage: "en-KE" },
    ],
    column: "lugha",
    mapping: {},
    confirmed: "",
  });
  expect(templateLanguages([], "lugha").column).toBe("");
});

test("Listen and the form use one voice language: the variant's if the account allows it, else the account's for its language", () => {
  expect(voiceLanguageOf({ language: "sw", text: "Habari", voiceLanguage: "sw-KE" }, account)).toBe("sw-KE");
  // Saved with another account's spelling, or none: this account's value naming Kiswahili, not its first value.
  expect(voiceLanguageOf({ language: "sw", text: "Habari", voiceLanguage: "swahili" }, account)).toBe("sw-KE");
  expect(voiceLanguageOf({ language: "sw", text: "Habari", voiceLanguage: "" }, account)).toBe("sw-KE");
  const variants = [{ language: "sw", text: "Habari", voiceLanguage: "swahili" }];
  expect(submittedVariants(variants, "VOICE", account)).toEqual([
    { language: "sw", text: "Habari", voiceLanguage: "sw-KE" },
  ]);
  // SMS, or an account naming no field: no voice language is sent (the server would refuse one).
  expect(submittedVariants(variants, "SMS", account)).toEqual([{ language: "sw", text: "Habari" }]);
  expect(submittedVariants(variants, "VOICE", undefined)).toEqual([{ language: "sw", text: "Habari" }]);
});
