// /api/v1/lists/{id}: the list's id.
import { z } from "zod";
import { uuidParam } from "@/lib/http/params";

export const listIdParams = z.object({ id: uuidParam.meta({ description: "The list's id." }) });
