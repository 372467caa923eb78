// Response schema of the impact report: whether the fixes the memory offered helped, tenant-wide.
import { z } from "zod";
import { signatureEfficacySchema } from "./lessons.js";
import { fixEfficacySchema, fixTextField, toolEfficacySchema } from "./shared-tools.js";
import { argDeltaSchema } from "./tools.js";

const rate = (of: string) => z.number().min(0).max(1).nullable().describe(`${of}; null when there is nothing to divide`);

const listedFixSchema = z
  .object({
    tool_name: z.string(),
    error_type: z.string(),
    fix_delta: argDeltaSchema,
    typical_fix: z.string().describe("The fix in words, as the tool memory wrote it: values cut to 20 characters"),
    fix_text: fixTextField,
    times_applied: z.int().min(1),
    efficacy: fixEfficacySchema,
  })
  .meta({ id: "ListedFix", description: "One fix of one tool's error type, with its efficacy" });

export const efficacyReportSchema = z
  .object({
    tools: toolEfficacySchema
      .extend({
        adoption_rate: rate("adopted / (adopted + other_fix + ignored): decided offers the next call took"),
        success_rate_when_adopted: rate("worked / adopted"),
      })
      .describe("Offers of tool fixes and their outcomes: the sum over the tenant's tools"),
    lessons: signatureEfficacySchema.describe(
      "Known fixes offered to lessons and the attempts to resolve, summed over the tenant's signatures (a task counts under each signature it resolved)",
    ),
    best_fixes: z.array(listedFixSchema).describe("Up to 10 fixes, highest score first"),
    worst_fixes: z
      .array(listedFixSchema)
      .describe("Up to 10 adopted fixes with the smallest share of adoptions that worked (ties: more adoptions first)"),
  })
  .meta({ id: "EfficacyReport", description: "What the memory's offered fixes did for this tenant" });
