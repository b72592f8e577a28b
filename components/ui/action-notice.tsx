// The outcome of a form's server action, announced: a refusal as an alert (with every problem listed when the
// fields that caused them are not on screen), a success as a status.
import type { ActionResult } from "@/lib/auth/action";
import { cx } from "./cx";

export function ActionNotice({
  result,
  className,
  listFields = false,
}: {
  result: ActionResult | null;
  className?: string;
  listFields?: boolean;
}) {
  if (!result) return <p role="status" aria-live="polite" className={cx("min-h-5 text-sm", className)} />;
  if (result.ok) {
    return (
      <p role="status" aria-live="polite" className={cx("text-sm text-emerald-800", className)}>
        {result.message}
      </p>
    );
  }
  const problems = listFields ? Object.values(result.fieldErrors ?? {}).flat() : [];
  return (
    <div role="alert" className={cx("rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800", className)}>
      <p>{result.message}</p>
      {problems.length > 1 ? (
        <ul className="mt-1 list-disc pl-5">
          {problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
