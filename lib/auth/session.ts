// The one gate every page, server action and route handler passes: who is asking, re-read from the database on
// every request (so disabling a user, changing a role or logging out takes effect immediately), is the session still
// in use (the idle timeout: session-activity.ts), and are they allowed.
import "server-only";
import { getServerSession } from "next-auth";
import { forbidden, redirect } from "next/navigation";
import { db } from "@/lib/db/client";
import { ACTOR_FIELDS } from "./actor-fields";
import { authOptions, sessionIdleMs, sessionMaxAgeSeconds } from "./options";
import type { Actor } from "./permissions";
import { sessionIsIdle } from "./session-activity";
import { sessionIsCurrent } from "./session-validity";

/** Who is asking, or nobody — and then whether a session ended for want of activity (the log-in page says so). */
export type SessionState = { actor: Actor } | { actor: null; idle: boolean };

/** The signed-in, enabled user whose session is still current, or null. */
export async function currentActor(): Promise<Actor | null> {
  return (await sessionState()).actor;
}

export async function sessionState(): Promise<SessionState> {
  const nobody = { actor: null, idle: false } as const;
  const session = await getServerSession(authOptions);
  const id = session?.user.id;
  if (!session || !id) return nobody;
  const user = await db.user.findUnique({
    where: { id },
    select: { ...ACTOR_FIELDS, sessionVersion: true },
  });
  if (!user || !sessionIsCurrent(session, user, sessionMaxAgeSeconds())) return nobody;
  if (await sessionIsIdle(session.sid, sessionIdleMs())) return { actor: null, idle: true };
  const { disabledAt: _disabled, sessionVersion: _version, ...actor } = user;
  return { actor };
}

/** The log-in page's address after an idle session: it then says why. */
export const IDLE_LOGIN_PATH = "/login?idle=1";

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
  const { actor, ...state } = await sessionState();
  if (!actor) redirect("idle" in state && state.idle ? IDLE_LOGIN_PATH : "/login");
  if (actor.mustChangePassword && !options.whilePasswordMustChange) redirect(CHOOSE_PASSWORD_PATH);
  if (allowed && !allowed(actor)) forbidden();
  return actor;
}
