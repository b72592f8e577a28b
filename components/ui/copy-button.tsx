"use client";
// A secret shown once (a one-time password), in a read-only box with a Copy button that says "Copied" when it has:
// retyping a random password from the screen is where people get it wrong. Over plain http (no clipboard API outside a
// secure context) the box's text is selected and copied the old way; failing that, the person is told to copy it.
import { useId, useRef, useState } from "react";
import { Button } from "./button";
import { cx } from "./cx";

export function CopyField({ label, value, className }: { label: string; value: string; className?: string }) {
  const box = useRef<HTMLInputElement>(null);
  const id = useId();
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const copy = async () => {
    try {
      if (!navigator.clipboard) throw new Error("no clipboard API");
      await navigator.clipboard.writeText(value);
      setCopied("yes");
    } catch {
      box.current?.select();
      setCopied(document.execCommand("copy") ? "yes" : "no");
    }
  };
  return (
    <div className={cx("flex flex-wrap items-center gap-2", className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        ref={box}
        id={id}
        readOnly
        value={value}
        onFocus={(e) => e.currentTarget.select()}
        className="w-56 rounded-md border border-slate-300 bg-slate-50 px-2 py-1 font-mono text-sm"
      />
      <Button size="sm" onClick={copy}>
        Copy
      </Button>
      <span role="status" aria-live="polite" className="text-sm text-emerald-800">
        {copied === "yes" ? "Copied" : copied === "no" ? "Select it and copy it by hand." : ""}
      </span>
    </div>
  );
}
