// The search by number (issue 38): a plain GET form to /numbers, so it works before any script has loaded and the
// answer is one page load — a number in any Kenyan form opens its page, anything else is told why there.
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";

export function NumberSearch({
  id,
  defaultValue = "",
  compact = false,
}: {
  id: string;
  defaultValue?: string;
  compact?: boolean;
}) {
  return (
    <form role="search" action="/numbers" method="get" className="flex items-center gap-2">
      <label htmlFor={id} className={compact ? "sr-only" : "text-sm"}>
        Find a number
      </label>
      <Input
        id={id}
        name="q"
        type="search"
        inputMode="tel"
        maxLength={40}
        defaultValue={defaultValue}
        placeholder={compact ? "Find a number" : "0712 345 678"}
        className={compact ? "w-36 py-1" : "w-56"}
      />
      <Button type="submit" size="sm">
        Find
      </Button>
    </form>
  );
}
