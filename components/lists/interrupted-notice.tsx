"use client";

// After a reload (or a return) in the middle of an upload: what became of it, asked of the server by the upload's own
// progress key — not stored (the usual case: the server drops an upload whose browser went away), or finished just
// before the page was left. Said once; the next visit says nothing.
import { useQuery } from "@tanstack/react-query";
import { TextLink } from "@/components/ui/text-link";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { fetchJson } from "@/lib/http/fetch-json";
import type { UploadProgress } from "@/lib/lists/import-progress";
import { forgetInFlight, inFlightLeft, type InFlight } from "./interrupted-upload";

export function InterruptedNotice() {
  const [left, setLeft] = useState<InFlight | null>(null);
  const [dismissed, setDismissed] = useState(false);
  // sessionStorage exists only in the browser: read after hydration.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setLeft(inFlightLeft()), []);
  const progress = useQuery({
    queryKey: ["upload-left", left?.progressKey],
    queryFn: ({ signal }) => fetchJson<UploadProgress>(`/api/lists/progress?key=${left!.progressKey}`, { signal }),
    enabled: left !== null,
    // Still STORING: the server has not noticed yet that the browser went away (or its process died and the sweep
    // will delete it); ask again until it is gone or, had the file all arrived, READY.
    refetchInterval: (query) => (query.state.data?.state === "STORING" ? 1000 : false),
  });
  const state = progress.data?.state;
  useEffect(() => {
    if (progress.data && state !== "STORING") forgetInFlight();
  }, [progress.data, state]);
  if (!left || dismissed) return null;
  const file = `“${left.filename}”`;
  if (!progress.data || state === "STORING")
    return (
      <Notice tone="warning" className="mb-4">
        The upload of {file} was interrupted when this page was left; checking whether any of it was stored…
      </Notice>
    );
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3" data-testid="interrupted-upload">
      <Notice tone={state === "READY" ? "info" : "warning"} className="flex-1">
        {state === "READY" ? (
          <>
            The upload of {file} had finished just before the page was left: the list is saved
            {progress.data.list ? (
              <>
                {" "}
                as <TextLink href={`/lists/${progress.data.list.id}`}>{progress.data.list.name}</TextLink>
              </>
            ) : null}
            .
          </>
        ) : (
          `The upload of ${file} was interrupted when the page was left or reloaded, and nothing of it was stored. Upload the file again.`
        )}
      </Notice>
      <Button size="sm" onClick={() => setDismissed(true)}>
        Dismiss
      </Button>
    </div>
  );
}
