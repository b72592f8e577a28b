// Characters that look like GSM-7 ones but are not — typographic dashes, curly quotes, non-breaking and thin spaces,
// the ellipsis, invisible joiners — usually pasted from a word processor. One of them makes the whole text UCS-2:
// 70 characters a segment instead of 160, often two or three times the units for the same words. Each maps to the
// GSM-7 character it stands for (the ellipsis to three dots; an invisible one to nothing).

export const LOOKALIKES: Readonly<Record<string, string>> = {
  "\u2010": "-", // hyphen
  "\u2011": "-", // non-breaking hyphen
  "\u2012": "-", // figure dash
  "\u2013": "-", // en dash
  "\u2014": "-", // em dash
  "\u2212": "-", // minus sign
  "\u2018": "'", // left single quote
  "\u2019": "'", // right single quote, apostrophe
  "\u201a": "'",
  "\u201b": "'",
  "\u2032": "'", // prime
  "\u201c": '"', // left double quote
  "\u201d": '"', // right double quote
  "\u201e": '"',
  "\u201f": '"',
  "\u2033": '"', // double prime
  "\u00a0": " ", // non-breaking space
  "\u202f": " ", // narrow non-breaking space
  "\u2007": " ", // figure space
  "\u2009": " ", // thin space
  "\u200a": " ", // hair space
  "\u2002": " ", // en space
  "\u2003": " ", // em space
  "\u2026": "...", // ellipsis
  "\u200b": "", // zero-width space
  "\u200c": "", // zero-width non-joiner
  "\u200d": "", // zero-width joiner
  "\u2060": "", // word joiner
  "\ufeff": "", // byte order mark
};

/** How a look-alike is named to the operator: the invisible ones cannot be shown as themselves. */
export function lookalikeName(character: string): string {
  const names: Record<string, string> = {
    "\u00a0": "non-breaking space",
    "\u202f": "narrow non-breaking space",
    "\u2007": "figure space",
    "\u2009": "thin space",
    "\u200a": "hair space",
    "\u2002": "en space",
    "\u2003": "em space",
    "\u200b": "zero-width space",
    "\u200c": "zero-width non-joiner",
    "\u200d": "zero-width joiner",
    "\u2060": "word joiner",
    "\ufeff": "byte order mark",
  };
  return names[character] ?? `“${character}”`;
}

/** The look-alikes in `text`, once each, in order of appearance. */
export function lookalikesIn(text: string): string[] {
  const found = new Set<string>();
  for (const character of text) if (character in LOOKALIKES) found.add(character);
  return [...found];
}

export function replaceLookalikes(text: string): string {
  let out = "";
  for (const character of text) out += LOOKALIKES[character] ?? character;
  return out;
}
