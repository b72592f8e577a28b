// The lenient matcher (known-languages.ts): every spelling a Kenyan list uses for Kiswahili and English is one code;
// anything else is null, never a guess.
import { expect, test } from "vitest";
import { KNOWN_LANGUAGES, languageLabel, matchLanguage } from "./known-languages";

test("sw, SW, Kiswahili, Swahili, kiswahili and sw-KE are all sw; en, English, EN-gb are en", () => {
  for (const value of ["sw", "SW", "Kiswahili", "Swahili", "kiswahili", " KISWAHILI ", "sw-KE", "sw_ke", "swa"])
    expect(matchLanguage(value), value).toBe("sw");
  for (const value of ["en", "English", "ENGLISH", "en-GB", "eng", "Kiingereza"])
    expect(matchLanguage(value), value).toBe("en");
  expect(matchLanguage("Gikuyu")).toBe("ki");
  expect(matchLanguage("Dholuo")).toBe("luo");
});

test("blank, unknown, over-long and code-like-but-unknown values are null", () => {
  for (const value of [null, undefined, "", "   ", "xx", "Klingon", "s w", "sw-", "zz-KE", "sw".repeat(30), "en;DROP"])
    expect(matchLanguage(value), String(value)).toBeNull();
});

test("no alias names two languages; labels name the language and its code", () => {
  const seen = new Map<string, string>();
  for (const language of KNOWN_LANGUAGES)
    for (const alias of [language.code, language.name.toLowerCase(), ...language.aliases]) {
      expect(seen.get(alias) ?? language.code, alias).toBe(language.code);
      seen.set(alias, language.code);
    }
  expect(languageLabel("sw")).toBe("Kiswahili (sw)");
  expect(languageLabel(null)).toBe("Default");
  expect(languageLabel("xx")).toBe("xx");
});
