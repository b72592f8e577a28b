// The recipients table's language choice (issue 39, lib/batches/language-filter.ts): every language, the default text,
// or one variant's language — offered only for a batch in several languages. The choice lives in the page's URL with
// the table's other filters (use-recipient-view.ts).
import { Select } from "@/components/ui/field";
import type { languageChoices } from "@/lib/batches/language-filter";
import { formatCount } from "@/lib/numbers/format";

export function LanguageFilterSelect({
  choices,
  value,
  count,
  onChange,
}: {
  choices: ReturnType<typeof languageChoices>;
  value: string;
  /** How many recipients the chosen language has (lib/batches/language-count.ts); undefined while unknown. */
  count: number | undefined;
  onChange: (language: string) => void;
}) {
  if (choices.length === 0) return null;
  const chosen = choices.find((choice) => choice.value === value);
  return (
    <>
      <label className="flex items-center gap-2 text-sm">
        Language
        <Select aria-label="Language" value={value} onChange={(e) => onChange(e.target.value)} className="w-auto py-1">
          <option value="">All languages</option>
          {choices.map(({ value: code, label }) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </Select>
      </label>
      {chosen && count !== undefined ? (
        <span className="text-sm text-slate-600" data-testid="language-count">
          {formatCount(count)} {count === 1 ? "recipient" : "recipients"}:{" "}
          {chosen.value === "default" ? "the default text" : chosen.label}
        </span>
      ) : null}
    </>
  );
}
