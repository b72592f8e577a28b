"use client";
// Why a text costs more than it looks: the characters that make it UCS-2 (70 characters a segment, not 160), named,
// and — when some are look-alikes of GSM-7 characters (dashes, curly quotes, non-breaking spaces, the ellipsis) — one
// click to replace them, saying how many segments that saves.
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { lookalikeName, lookalikesIn, replaceLookalikes } from "@/lib/compose/lookalikes";
import { smsSegments, ucs2Characters } from "@/lib/provider/wire/sms-units";

export function UnitsWarning({ text, onReplace }: { text: string; onReplace: (text: string) => void }) {
  const forcing = ucs2Characters(text);
  if (forcing.length === 0) return null;
  const lookalikes = lookalikesIn(text);
  const replaced = lookalikes.length > 0 ? replaceLookalikes(text) : null;
  const before = smsSegments(text);
  const after = replaced === null ? before : smsSegments(replaced);
  return (
    <div data-testid="units-warning">
      <Notice tone="warning">
        {forcing.map(lookalikeName).join(", ")} {forcing.length === 1 ? "makes" : "make"} this message UCS-2: 70
        characters a segment instead of 160
        {before > 1 ? `, ${before} segments per recipient` : ""}.
        {replaced !== null ? (
          <>
            {" "}
            {lookalikes.map(lookalikeName).join(", ")} {lookalikes.length === 1 ? "has" : "have"} a GSM-7 look-alike
            {ucs2Characters(replaced).length === 0 ? "" : " (the other characters have none)"}
            {after < before ? `: replaced, ${after} segment${after === 1 ? "" : "s"} instead of ${before}.` : "."}{" "}
            <Button size="sm" className="mt-2" onClick={() => onReplace(replaced)}>
              Replace with GSM characters
            </Button>
          </>
        ) : null}
      </Notice>
    </div>
  );
}
