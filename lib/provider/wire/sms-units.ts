import { SegmentedMessage } from "sms-segments-calculator";

/**
 * SMS units (segments) a text costs: 160 GSM-7 / 70 UCS-2 characters in one part, 153 / 67 per part when
 * concatenated. The library's count is exact but slow (≈ 1 ms a text: a million personalised texts would take
 * minutes), so a text made only of GSM-7's basic characters — one septet each, no escape to split between parts —
 * is counted directly, and so is a UCS-2 text without surrogate pairs; any other text goes to the library, memoised, since bulk sends repeat the same text.
 */

const CACHE_LIMIT = 10_000;
const cache = new Map<string, number>();

/** GSM 03.38's basic character set (one septet each); the escape character itself is left out. */
const GSM_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
/** Its extension table: two septets each (escape + character). */
const GSM_EXTENDED = "\f^{}\\[~]|€";
const BASIC = new Set(GSM_BASIC);
const GSM = new Set(GSM_BASIC + GSM_EXTENDED);

function basicOnly(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!BASIC.has(text[i]!)) return false;
  return true;
}

/** UCS-2 without surrogate pairs (no emoji): one code unit per character, none to keep together across parts. */
function plainUcs2(text: string): boolean {
  let foreign = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdfff) return false;
    if (!foreign && !GSM.has(text[i]!)) foreign = true;
  }
  return foreign;
}

export function smsSegments(text: string): number {
  if (text === "") return 1;
  if (basicOnly(text)) return text.length <= 160 ? 1 : Math.ceil(text.length / 153);
  if (plainUcs2(text)) return text.length <= 70 ? 1 : Math.ceil(text.length / 67);
  const hit = cache.get(text);
  if (hit !== undefined) return hit;
  const count = new SegmentedMessage(text, "auto").segmentsCount;
  // A plain Map cleared when full: templates repeat, so a precise LRU buys nothing here.
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(text, count);
  return count;
}

export function smsEncoding(text: string): "GSM-7" | "UCS-2" {
  if (basicOnly(text)) return "GSM-7";
  return new SegmentedMessage(text, "auto").encodingName;
}

/** The characters that GSM-7 cannot carry, once each in order of appearance: the ones that make a text UCS-2. */
export function ucs2Characters(text: string): string[] {
  const found = new Set<string>();
  for (const character of text) if (!GSM.has(character)) found.add(character);
  return [...found];
}
