// A list upload's query (POST /api/lists from the console, POST /api/v1/lists from the API): one schema for both.
import { z } from "zod";
import { optionalParam, uuidParam } from "@/lib/http/params";
import { listNameSchema } from "@/lib/lists/list-name";

export const uploadListQuery = z.object({
  filename: z.string().trim().min(1).max(255).default("list.csv").meta({ description: "Ends in .csv or .xlsx." }),
  name: z
    .preprocess(
      (value) => (typeof value === "string" && value.trim() === "" ? undefined : value),
      listNameSchema.optional(),
    )
    .meta({ type: "string", description: "The list's name; the file name without its extension when absent." }),
  phoneColumn: z.string().max(200).optional().meta({ description: "The column holding numbers; found when absent." }),
  progressKey: optionalParam(uuidParam),
});
