// Text from another party — a webhook receiver's answer and the error its connection gave (lib/webhooks/post-webhook.ts),
// the provider's error text and results (lib/provider/client.ts) — made storable in a PostgreSQL `text` column.
// PostgreSQL refuses the NUL character in text, and one refused value fails the whole statement it is in: a receiver
// answering a gzip or binary body once failed the page of 500 deliveries it was recorded with (docs/webhooks.md).
// A NUL, and a lone UTF-16 surrogate (not Unicode), become U+FFFD: the character Buffer's UTF-8 decoding already puts
// where bytes were not UTF-8, so a binary answer reads as what it is and nothing else about the text changes.

/** The replacement character (U+FFFD). */
export const REPLACEMENT = "\uFFFD";

/** The text, with what a PostgreSQL `text` column cannot hold replaced by U+FFFD. */
export function storableText(text: string): string {
  const wellFormed = text.isWellFormed() ? text : text.toWellFormed();
  return wellFormed.includes("\0") ? wellFormed.replaceAll("\0", REPLACEMENT) : wellFormed;
}
