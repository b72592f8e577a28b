import type { Metadata } from "next";
import { RowAction } from "@/components/console/row-action";
import { TemplateForm } from "@/components/templates/template-form";
import { ButtonLink } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { EmptyState, Table, Td, Th, THead, Tr } from "@/components/ui/table";
import { canSend } from "@/lib/auth/permissions";
import { requireActor } from "@/lib/auth/session";
import { listTemplates } from "@/lib/templates/templates";
import { deleteTemplateAction, saveTemplateAction } from "./actions";

export const metadata: Metadata = { title: "Templates" };
export const dynamic = "force-dynamic";

export default async function TemplatesPage({ searchParams }: { searchParams: Promise<{ edit?: string | string[] }> }) {
  await requireActor(canSend);
  const [templates, { edit }] = await Promise.all([listTemplates(), searchParams]);
  const editing = templates.find((t) => t.id === edit);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Templates"
        description="Message bodies to reuse in Compose, SMS or voice, with {{column}} placeholders for saved lists."
      />
      <Card title={editing ? `Edit “${editing.name}”` : "New template"}>
        <TemplateForm key={editing?.id ?? "new"} action={saveTemplateAction} editing={editing} />
      </Card>
      {templates.length === 0 ? (
        <EmptyState>No templates yet.</EmptyState>
      ) : (
        <Table aria-label="Templates">
          <THead>
            <Th>Name</Th>
            <Th>Kind</Th>
            <Th>Body</Th>
            <Th>Changed</Th>
            <Th>
              <span className="sr-only">Actions</span>
            </Th>
          </THead>
          <tbody>
            {templates.map((t) => (
              <Tr key={t.id}>
                <Td>{t.name}</Td>
                <Td>{t.kind === "SMS" ? "SMS" : "Voice"}</Td>
                <Td className="max-w-md whitespace-pre-wrap break-words">{t.body}</Td>
                <Td className="whitespace-nowrap">
                  {t.updatedAt.toISOString().slice(0, 16).replace("T", " ")} UTC{t.author ? ` · ${t.author}` : ""}
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
          </tbody>
        </Table>
      )}
    </div>
  );
}
