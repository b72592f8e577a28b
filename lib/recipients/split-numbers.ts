// Numbers typed or pasted into Compose: separated by commas, semicolons or new lines. Spaces and dashes inside a
// number are part of it ("+254 712-345-634" is one number), so they are not separators. Safe in the browser: the
// form counts with the same function the server splits with.

/** More than this is a list: upload it as a file (no paste of a million numbers through a form). */
export const MAX_PASTED_NUMBERS = 100_000;

export function splitNumbers(text: string): string[] {
  return text
    .split(/[,;\r\n]+/)
    .map((part) => part.trim())
    .filter(Boolean);
}
