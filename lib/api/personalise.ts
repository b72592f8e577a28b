// The API's recipients as createBatch takes them: a number alone gets the template as is; {phone, fields} gets the
// template with its {{placeholders}} filled from its fields, by the same renderer as a list's rows
// (lib/recipients/render-template.ts). A placeholder no recipient has a field for is refused, as for a list.
import { AppError } from "@/lib/errors/app-error";
import { compileTemplate } from "@/lib/recipients/render-template";

type Recipient = string | { phone: string; fields?: Record<string, string> | undefined };

export function personalise(
  templateText: string,
  recipients: readonly Recipient[],
): { phone: string; text: string | null }[] {
  const columns = new Set<string>();
  for (const recipient of recipients)
    if (typeof recipient !== "string") for (const name of Object.keys(recipient.fields ?? {})) columns.add(name);
  const names = [...columns];
  const compiled = compileTemplate(templateText, names);
  if (compiled.unknown.length) {
    const message = `No recipient has a field for {{${compiled.unknown.join("}}, {{")}}}: add it to their fields, or remove it from the message.`;
    throw new AppError("INVALID_INPUT", message, { templateText: [message] });
  }
  return recipients.map((recipient) => {
    if (typeof recipient === "string") return { phone: recipient, text: compiled.personalised ? render([]) : null };
    const fields = recipient.fields ?? {};
    return { phone: recipient.phone, text: compiled.personalised ? render(names.map((name) => fields[name])) : null };
  });

  function render(values: (string | undefined)[]): string {
    return compiled.render(values).text;
  }
}
