// A checkbox with its words beside it, the box aligned with their first line; `onChecked` for one the page keeps in
// its state, none for one the form reads as it is posted.
import type { ComponentProps, ReactNode } from "react";

type CheckboxProps = Omit<ComponentProps<"input">, "type" | "className" | "onChange" | "children"> & {
  onChecked?: (checked: boolean) => void;
  children: ReactNode;
};

export function Checkbox({ onChecked, children, ...props }: CheckboxProps) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input
        type="checkbox"
        className="mt-1"
        {...props}
        {...(onChecked ? { onChange: (e) => onChecked(e.target.checked) } : {})}
      />
      <span>{children}</span>
    </label>
  );
}
