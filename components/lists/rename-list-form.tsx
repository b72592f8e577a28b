"use client";

// A saved list's name, changed in place on its page (the change is audited with the name it replaced).
import { useActionForm, type FormAction } from "@/components/ui/use-action-form";
import { ActionNotice } from "@/components/ui/action-notice";
import { Button } from "@/components/ui/button";
import { InputField } from "@/components/ui/field";
import { LIST_NAME_MAX } from "@/lib/lists/list-name";

export function RenameListForm({ id, name, action }: { id: string; name: string; action: FormAction }) {
  const { state, formAction, pending, errors } = useActionForm(action);
  return (
    <form action={formAction} className="flex flex-wrap items-end gap-3">
      <input type="hidden" name="id" value={id} />
      <InputField
        label="List name"
        errors={errors.name}
        fieldClassName="w-full max-w-sm"
        name="name"
        required
        maxLength={LIST_NAME_MAX}
        defaultValue={name}
        key={name}
      />
      <Button type="submit" disabled={pending}>
        Rename
      </Button>
      <ActionNotice result={state} className="w-full" />
    </form>
  );
}
