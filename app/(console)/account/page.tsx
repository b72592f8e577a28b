import type { Metadata } from "next";
import { Card } from "@/components/ui/card";
import { Notice } from "@/components/ui/notice";
import { PageHeader } from "@/components/ui/page-header";
import { ChangePasswordForm } from "@/components/users/change-password-form";
import { requireActor } from "@/lib/auth/session";
import { changePasswordAction } from "./actions";

export const metadata: Metadata = { title: "Your account" };
export const dynamic = "force-dynamic";

export default async function AccountPage() {
  const actor = await requireActor(undefined, { whilePasswordMustChange: true });
  return (
    <div className="space-y-6">
      <PageHeader title="Your account" description={`${actor.name} · ${actor.email} · ${actor.role.toLowerCase()}`} />
      {actor.mustChangePassword ? (
        <Notice tone="warning">
          You logged in with a one-time password. Choose your own to continue; you will then log in again with it.
        </Notice>
      ) : null}
      <Card title="Change your password">
        <p className="mb-4 text-sm text-slate-600">
          Changing it ends all your sessions, on every device; you then log in again.
        </p>
        <ChangePasswordForm action={changePasswordAction} />
      </Card>
    </div>
  );
}
