// An SMS text's encoding and, when it is UCS-2, the characters that force it ("UCS-2 because of “ũ”"): one rendering
// for the preview's rows (send-plan.tsx) and the plan per language (language-plan-table.tsx).
export function EncodingNote({ encoding, ucs2 }: { encoding: string; ucs2: readonly string[] }) {
  return (
    <>
      {encoding}
      {ucs2.length > 0 ? (
        <span className="block text-xs text-amber-800">because of {ucs2.map((c) => `“${c}”`).join(" ")}</span>
      ) : null}
    </>
  );
}
