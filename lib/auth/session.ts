// The one gate every page, server action and route handler passes: who is asking, re-read from the database on
// every request (so disabling a user, changing a role or logging out takes effect immediately), and are they allowed.
import "server-only";
import { getServerSession } from "next-auth";
import { forbidden, redirect } from "next/navigation";
import { db } from "@/lib/db/client";
import { authOptions, sessionMaxAgeSeconds } from "./options";
import type { Actor } from "./permissions";
import { sessionIsCurrent } from "./session-validity";

/** The signed-in, enabled user whose session is still current, or null. */
export async function currentActor(): Promise<Actor | null> {
  const session = await getServerSession(authOptions);
  const id = session?.user.id;
  if (!session || !id) return null;
  const user = await db.user.findUnique({
    where: { id },
    select: {
      id: true,
      email: true,
      name: true,
      role: true,
      disabledAt: true,
      sessionVersion: true,
      mustChangePassword: true,
      exportGranted: true,
    },
  });
  if (!user || !sessionIsCurrent(session, user, sessionMaxAgeSeconds())) return null;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    mustChangePassword: user.mustChangePassword,
    exportGranted: user.exportGranted,
  };
}

/** Where a user with a one-time password is sent until they have chosen their own. */
export const CHOOSE_PASSWORD_PATH = "/account";

/**
 * For pages: the actor, or a redirect to /login (401), or the 403 page when `allowed` says no. A user still on a
 * one-time password is sent to choose their own first, except by the page that lets them (`whilePasswordMustChange`).
 */
export async function requireActor(
  allowed?: (actor: Actor) => boolean,
  options: { whilePasswordMustChange?: boolean } = {},
): Promise<Actor> {
  const actor = await currentActor();
  if (!actor) redirect("/login");
  if (actor.mustChangePassword && !options.whilePasswordMustChange) redirect(CHOOSE_PASSWORD_PATH);
  if (allowed && !allowed(actor)) forbidden();
  return actor;
}
