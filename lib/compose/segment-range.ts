import { formatCount } from "@/lib/numbers/format";
// How many SMS segments a personalised message takes per recipient, in words: a list's texts differ in length, so one
// figure for "the message" misleads (a 149-character template can be one segment for most and two for a few). The
// planner counts recipients per segment count; this states it: "1–2 segments; 41 recipients need 2".

/** `histogram`: segment count → recipients with that many. */
export function segmentRange(histogram: Readonly<Record<number, number>>): string {
  const counts = Object.entries(histogram)
    .map(([segments, recipients]) => [Number(segments), recipients] as const)
    .filter(([, recipients]) => recipients > 0)
    .sort(([a], [b]) => a - b);
  if (counts.length === 0) return "";
  const [min] = counts[0]!;
  const [max] = counts.at(-1)!;
  if (min === max) return `${plural(min, "segment")} each`;
  const above = counts
    .slice(1)
    .map(
      ([segments, recipients]) => `${plural(recipients, "recipient")} need${recipients === 1 ? "s" : ""} ${segments}`,
    );
  return `${min}–${max} segments; ${above.join(", ")}`;
}

function plural(n: number, word: string): string {
  return `${formatCount(n)} ${word}${n === 1 ? "" : "s"}`;
}
