"use client";
// Compose with its draft (compose-draft.ts): the server's HTML is the empty form; once the page runs in the browser
// the form is mounted again from the draft kept in this tab, if there is one — read once, never during hydration,
// so the server's HTML and the first render agree. "Discard draft" removes it and mounts an empty form. Until then
// every field is disabled: what an operator typed into the server's HTML would be thrown away by that remount (and
// React's controlled fields would not have seen it anyway), so on a slow page nothing can be typed to be lost.
import { useMemo, useState, type ComponentProps } from "react";
import { useHydrated } from "@/components/ui/use-hydrated";
import { ComposeForm } from "./compose-form";
import { draftKey, readDraft, removeDraft } from "./compose-draft";

export function ComposeWithDraft({
  userId,
  ...props
}: Omit<ComponentProps<typeof ComposeForm>, "draft" | "draftKey" | "onDiscard"> & { userId: string }) {
  const hydrated = useHydrated();
  const [generation, setGeneration] = useState(0);
  const key = draftKey(userId);
  // After a discard (a new generation) the form starts empty.
  const draft = useMemo(() => (hydrated && generation === 0 ? readDraft(key) : null), [hydrated, key, generation]);
  return (
    <fieldset disabled={!hydrated} className="contents">
      <ComposeForm
        key={`${hydrated ? "browser" : "server"}-${generation}`}
        {...props}
        draft={draft}
        draftKey={hydrated ? key : undefined}
        onDiscard={() => {
          removeDraft(key);
          setGeneration((g) => g + 1);
        }}
      />
    </fieldset>
  );
}
