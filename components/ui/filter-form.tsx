// A page's filter: a GET form, so its values live in the URL (Back, reload and a shared link show the same view;
// lib/http/page-query.ts reads them back), with labelled fields, its button, and Clear when something is filtered.
// The fields are uncontrolled (their defaultValue is the URL's), and a client-side navigation keeps the DOM: the form
// is keyed by the values it shows, so Clear, Back and Forward put the fields back to what the URL says.
import type { ReactNode } from "react";
import { Button, ButtonLink } from "./button";
import { cx } from "./cx";
import { Input, Select } from "./field";

type FilterFormProps = {
  /** The form's accessible name ("Find batches"). */
  label: string;
  /** The button's word: Find, Search, Filter. */
  submit: string;
  /** The filter's values now, from the URL: the fields show them, and Clear appears when one is set. */
  values: Record<string, string | undefined>;
  /** Where Clear leads: the page unfiltered. */
  clearHref: string;
  /** Below the fields, the whole width (a hint). */
  footer?: ReactNode;
  children: ReactNode;
};

export function FilterForm({ label, submit, values, clearHref, footer, children }: FilterFormProps) {
  const filtered = Object.values(values).some(Boolean);
  return (
    <form
      key={JSON.stringify(values)}
      method="get"
      role="search"
      aria-label={label}
      className="flex flex-wrap items-end gap-3 text-sm"
    >
      {children}
      <Button type="submit" variant="primary" size="sm">
        {submit}
      </Button>
      {filtered ? (
        <ButtonLink href={clearHref} size="sm">
          Clear
        </ButtonLink>
      ) : null}
      {footer ? <p className="w-full text-xs text-slate-500">{footer}</p> : null}
    </form>
  );
}

type FilterFieldProps = {
  label: string;
  /** The URL parameter. */
  name: string;
  /** Its value now (from the URL). */
  value: string | undefined;
  /** Classes of the label around the control (its width). */
  className?: string;
};

/** A text, search or date field. */
export function FilterInput({
  type = "text",
  placeholder,
  className,
  ...field
}: FilterFieldProps & { type?: "text" | "search" | "date"; placeholder?: string }) {
  return (
    <label className={cx("space-y-1", className)}>
      <span className="block font-medium">{field.label}</span>
      <Input type={type} name={field.name} defaultValue={field.value ?? ""} placeholder={placeholder} />
    </label>
  );
}

/** A choice of values: `any` is the blank option (no filter), then each [value, label]. */
export function FilterSelect({
  any,
  options,
  className,
  ...field
}: FilterFieldProps & { any: string; options: readonly (readonly [string, ReactNode])[] }) {
  return (
    <label className={cx("space-y-1", className)}>
      <span className="block font-medium">{field.label}</span>
      <Select name={field.name} defaultValue={field.value ?? ""} className="w-auto">
        <option value="">{any}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </Select>
    </label>
  );
}
