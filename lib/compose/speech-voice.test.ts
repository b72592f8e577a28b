// The listen preview's voice choice (speech-voice.ts): exact tags, primary-language fallbacks, provider spellings
// (underscores, names, case), local before network voices, and no voice at all.
import { expect, test } from "vitest";
import { chooseVoice, languageTag } from "./speech-voice";

const voices = [
  { name: "Google UK English", lang: "en-GB", localService: false },
  { name: "Daniel", lang: "en-GB", localService: true },
  { name: "Samantha", lang: "en-US", localService: true, default: true },
  { name: "Zuri", lang: "sw_KE", localService: true },
  { name: "Amélie", lang: "fr-CA", localService: true },
];

test("an exact tag wins, a local voice before a network one", () => {
  expect(chooseVoice(voices, "en-GB")?.name).toBe("Daniel");
  expect(chooseVoice(voices, "EN-us")?.name).toBe("Samantha");
});

test("a primary language matches any region, the default voice first", () => {
  expect(chooseVoice(voices, "en")?.name).toBe("Samantha");
  expect(chooseVoice(voices, "fr")?.name).toBe("Amélie");
  expect(chooseVoice(voices, "fr-FR")?.name).toBe("Amélie");
});

test("provider spellings: underscores, names and case", () => {
  expect(languageTag("sw_KE")).toBe("sw-ke");
  expect(languageTag(" Kiswahili ")).toBe("sw");
  expect(chooseVoice(voices, "sw-KE")?.name).toBe("Zuri");
  expect(chooseVoice(voices, "Swahili")?.name).toBe("Zuri");
});

test("no voice for the language, an empty language, or no voices at all: null", () => {
  expect(chooseVoice(voices, "so")).toBeNull();
  expect(chooseVoice(voices, "  ")).toBeNull();
  expect(chooseVoice([], "en")).toBeNull();
  // "e" is not a prefix match for "en": languages match by whole subtags.
  expect(chooseVoice(voices, "e")).toBeNull();
});
