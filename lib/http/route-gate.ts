// The one gate for API route handlers: 401 when not logged in, 403 when the role may not, one JSON error shape.
import "server-only";
import type { Actor } from "@/lib/auth/permissions";
import { currentActor } from "@/lib/auth/session";

export async function withActor(allowed: (actor: Actor) => boolean, handle: (actor: Actor) => Promise<Response>): Promise<Response> {
  const actor = await currentActor();
  if (!actor) return Response.json({ status: false, message: "Not logged in." }, { status: 401 });
  if (!allowed(actor)) return Response.json({ status: false, message: "Your role does not allow this." }, { status: 403 });
  try {
    return await handle(actor);
  } catch (error) {
    console.error("[api] unexpected error", error);
    return Response.json({ status: false, message: "Something went wrong on our side." }, { status: 500 });
  }
}
