// A batch's recipients by state, one figure each (lib/batches/counters.ts), then who its calls reached (an escalating
// SMS batch) and everyone reached. Part of the batch page's progress card (batch-live.tsx).
import { formatCount } from "@/lib/numbers/format";
import type { STATE_COUNTERS } from "@/lib/batches/counters";
import type { BatchJson } from "./use-live-batch";

export function BatchCounters({
  batch,
  counters,
  escalating,
}: {
  batch: BatchJson;
  /** STATE_COUNTERS, or those of them the batch shows. */
  counters: readonly (typeof STATE_COUNTERS)[number][];
  escalating: boolean;
}) {
  return (
    <dl className="mt-4 grid grid-cols-3 gap-3 text-sm sm:grid-cols-5">
      {counters.map(({ state, field, label }) => (
        <div key={state}>
          <dt className="text-slate-500">{label}</dt>
          <dd className="font-semibold tabular-nums" data-testid={`count-${state}`}>
            {formatCount(batch[field])}
          </dd>
        </div>
      ))}
      {escalating ? (
        <div>
          <dt className="text-slate-500">Reached by call</dt>
          <dd className="font-semibold tabular-nums" data-testid="count-REACHED_BY_CALL">
            {formatCount(batch.reachedByCallCount)}
          </dd>
        </div>
      ) : null}
      <div>
        <dt className="text-slate-500">Reached</dt>
        <dd className="font-semibold tabular-nums" data-testid="count-REACHED">
          {formatCount(batch.reached)}
        </dd>
      </div>
    </dl>
  );
}
