// GET /api/v1/lists/[id] – a saved list as its List resource; DELETE – remove it (its numbers, cells and report),
// audited, as the Lists page's Delete. Batches already sent from it keep their recipients.
import { apiRoute } from "@/lib/api/api-route";
import { json } from "@/lib/api/json";
import { readListResource } from "@/lib/api/read-lists";
import { listIdParams } from "@/lib/api/schemas/lists";
import { canSend } from "@/lib/auth/permissions";
import { removeList } from "@/lib/lists/remove-list";

export const dynamic = "force-dynamic";

const gate = { scope: "lists", allowed: canSend, params: listIdParams } as const;

export const GET = apiRoute(gate, async ({ params }) => json(await readListResource(params.id)));

export const DELETE = apiRoute(gate, async ({ actor, params }) => {
  await readListResource(params.id);
  await removeList(params.id, actor.id);
  return new Response(null, { status: 204 });
});
