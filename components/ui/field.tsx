// A form field: label, control, hint and errors wired together (ids, aria-describedby, aria-invalid), and the one
// class string of every text input, select and textarea. InputField, TextareaField and SelectField are a Field around
// its one control, the common case; Field with a render function is for a control of another shape.
import { useId, type ComponentProps, type ReactNode } from "react";
import { cx } from "./cx";

export const controlClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-500 disabled:bg-slate-50";

type FieldProps = {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[] | undefined;
  className?: string;
  /** Renders the control with the ids to wire up. */
  children: (control: { id: string; "aria-describedby"?: string; "aria-invalid"?: boolean }) => ReactNode;
};

export function Field({ label, hint, errors, className, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cx("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children({ id, "aria-describedby": describedBy, ...(errorId ? { "aria-invalid": true } : {}) })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {errorId ? (
        <p id={errorId} className="text-sm text-red-700">
          {errors!.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={cx(controlClass, className)} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={cx(controlClass, className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={cx(controlClass, className)} {...props} />;
}

/** A Field's own props when it wraps one control: `fieldClassName` is the Field's (its width), `className` the control's. */
type Wrapping = Pick<FieldProps, "label" | "hint" | "errors"> & { fieldClassName?: string };

export function InputField({ label, hint, errors, fieldClassName, ...control }: Wrapping & ComponentProps<"input">) {
  return (
    <Field label={label} hint={hint} errors={errors} className={fieldClassName}>
      {(ids) => <Input {...ids} {...control} />}
    </Field>
  );
}

export function TextareaField({
  label,
  hint,
  errors,
  fieldClassName,
  ...control
}: Wrapping & ComponentProps<"textarea">) {
  return (
    <Field label={label} hint={hint} errors={errors} className={fieldClassName}>
      {(ids) => <Textarea {...ids} {...control} />}
    </Field>
  );
}

export function SelectField({ label, hint, errors, fieldClassName, ...control }: Wrapping & ComponentProps<"select">) {
  return (
    <Field label={label} hint={hint} errors={errors} className={fieldClassName}>
      {(ids) => <Select {...ids} {...control} />}
    </Field>
  );
}
