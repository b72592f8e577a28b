"use client";

// The file just uploaded was uploaded before (the same bytes): said with the earlier list's name and time, and what
// can be done — open (or, in Compose, use) the earlier list, or keep both. The new list is stored either way: a
// second round of the same list is ordinary, so this asks nothing and blocks nothing.
import { useState } from "react";
import { Time } from "@/components/time/time";
import { Button, ButtonLink } from "@/components/ui/button";

export type SameFile = { id: string; name: string; createdAt: string };

export function SameFileNotice({ earlier, onUse }: { earlier: SameFile; onUse?: ((id: string) => void) | undefined }) {
  const [kept, setKept] = useState(false);
  if (kept) return null;
  return (
    <div
      role="status"
      className="mb-4 space-y-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="same-file"
    >
      <p>
        This file was already uploaded on <Time at={earlier.createdAt} /> as ‘{earlier.name}’ — open it or keep both.
      </p>
      <div className="flex flex-wrap gap-2">
        {onUse ? (
          <Button size="sm" onClick={() => onUse(earlier.id)}>
            Use ‘{earlier.name}’ instead
          </Button>
        ) : (
          <ButtonLink href={`/lists/${earlier.id}`} size="sm">
            Open ‘{earlier.name}’
          </ButtonLink>
        )}
        <Button size="sm" onClick={() => setKept(true)}>
          Keep both
        </Button>
      </div>
    </div>
  );
}
