"use client";
// A form's submit button: disabled while the form's action runs, saying meanwhile what it does ("Saving…"). The
// form's own status (useFormStatus), so no form passes its pending state down.
import { useFormStatus } from "react-dom";
import type { ComponentProps, ReactNode } from "react";
import { Button } from "./button";

type SubmitButtonProps = Omit<ComponentProps<typeof Button>, "type" | "children"> & {
  label: ReactNode;
  busy: ReactNode;
};

export function SubmitButton({ label, busy, disabled, ...props }: SubmitButtonProps) {
  const { pending } = useFormStatus();
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? busy : label}
    </Button>
  );
}
