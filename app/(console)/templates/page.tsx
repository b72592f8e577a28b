import type { Metadata } from "next";
import { RowAction } from "@/components/console/row-action";
import { TemplateForm } from "@/components/templates/template-form";
import { Time } from "@/components/time/time";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, Table, Td, Tr, ACTIONS } from "@/components/ui/table";
import { canSend } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { listAccounts } from "@/lib/accounts/list-accounts";
import { languageLabel } from "@/lib/languages/known-languages";
import { listTemplates } from "@/lib/templates/templates";
import { deleteTemplateAction, saveTemplateAction } from "./actions";

export const metadata: Metadata = { title: "Templates" };
export const dynamic = "force-dynamic";

export default async function TemplatesPage({ searchParams }: { searchParams: Promise<{ edit?: string | string[] }> }) {
  await requireActor(canSend);
  const [templates, { edit }, accounts] = await Promise.all([listTemplates(), searchParams, listAccounts()]);
  const editing = templates.find((t) => t.id === edit);
  // A template is for any account: a voice variant's language is chosen among every account's values (Compose sends
  // it where the account allows it, else the account's value for the variant's language: components/compose/languages.ts).
  const named = accounts.filter((a) => a.languageField);
  const voiceLanguages = named.length
    ? {
        field: [...new Set(named.map((a) => a.languageField))].join(" or "),
        values: [...new Set(named.flatMap((a) => a.languages))],
      }
    : undefined;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Templates"
        description="Message bodies to reuse in Compose, SMS or voice, with {{column}} placeholders for saved lists."
      />
      <Card title={editing ? `Edit “${editing.name}”` : "New template"}>
        <TemplateForm
          key={editing?.id ?? "new"}
          action={saveTemplateAction}
          editing={editing}
          voiceLanguages={voiceLanguages}
        />
      </Card>
      {templates.length === 0 ? (
        <EmptyState>No templates yet.</EmptyState>
      ) : (
        <Table aria-label="Templates" columns={["Name", "Kind", "Body", "Changed", ACTIONS]}>
          {templates.map((t) => (
            <Tr key={t.id}>
              <Td>{t.name}</Td>
              <Td>{t.kind === "SMS" ? "SMS" : "Voice"}</Td>
              <Td className="max-w-md whitespace-pre-wrap break-words">
                {t.body}
                {t.variants.length > 0 ? (
                  <span className="block text-xs text-slate-600">
                    Also in {t.variants.map((v) => languageLabel(v.language)).join(", ")}
                  </span>
                ) : null}
              </Td>
              <Td className="whitespace-nowrap">
                <Time at={t.updatedAt} />
                {t.author ? ` · ${t.author}` : ""}
              </Td>
              <Td className="whitespace-nowrap">
                <span className="flex flex-wrap gap-2">
                  <ButtonLink size="sm" href={`/compose?template=${t.id}`} aria-label={`Use ${t.name}`}>
                    Use
                  </ButtonLink>
                  <ButtonLink size="sm" href={`/templates?edit=${t.id}`} aria-label={`Edit ${t.name}`}>
                    Edit
                  </ButtonLink>
                  <RowAction
                    label="Delete"
                    name={`Delete ${t.name}`}
                    confirm={`Delete the template “${t.name}”? It cannot be brought back; batches already sent with it keep their text.`}
                    confirmLabel="Delete the template"
                    run={deleteTemplateAction.bind(null, t.id)}
                  />
                </span>
              </Td>
            </Tr>
          ))}
        </Table>
      )}
    </div>
  );
}
