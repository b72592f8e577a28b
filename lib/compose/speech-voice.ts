// Which of the browser's speech voices reads a voice batch's text in its language (Compose's "listen" preview,
// docs/voice-language.md). The account's values are the provider's spellings ("sw", "en-KE", "swahili"); the browser's
// voices carry BCP 47 tags ("sw-KE", "en_GB" on some systems). An exact tag wins, then the same primary language, a
// local voice before a network one. Pure, safe in the browser.

export type SpeechVoiceLike = { lang: string; name: string; localService?: boolean; default?: boolean };

/** Language names a provider may use instead of codes, to their BCP 47 primary subtag. */
const NAMES: Record<string, string> = {
  english: "en",
  swahili: "sw",
  kiswahili: "sw",
  french: "fr",
  arabic: "ar",
  spanish: "es",
  portuguese: "pt",
  german: "de",
  italian: "it",
  hindi: "hi",
  chinese: "zh",
  mandarin: "zh",
  somali: "so",
  amharic: "am",
  zulu: "zu",
  afrikaans: "af",
  yoruba: "yo",
  hausa: "ha",
};

/** "sw_KE" → "sw-ke"; "Swahili" → "sw". */
export function languageTag(value: string): string {
  const tag = value.trim().toLowerCase().replaceAll("_", "-");
  return NAMES[tag] ?? tag;
}

export function chooseVoice<V extends SpeechVoiceLike>(voices: readonly V[], language: string): V | null {
  const wanted = languageTag(language);
  if (!wanted) return null;
  const primary = wanted.split("-")[0]!;
  const rank = (voice: V): number => {
    const tag = languageTag(voice.lang);
    if (tag === wanted) return 0;
    if (tag.split("-")[0] === primary) return 1;
    return -1;
  };
  let best: V | null = null;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const voice of voices) {
    const r = rank(voice);
    if (r < 0) continue;
    // Within a rank: a voice on this device first (it works offline), then the system's default.
    const score = r * 4 + (voice.localService === false ? 2 : 0) + (voice.default ? 0 : 1);
    if (score < bestScore) [best, bestScore] = [voice, score];
  }
  return best;
}
