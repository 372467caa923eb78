// Request and response schemas of GET /context: one block for a fresh session, within a token budget.
import { z } from "zod";
import { sessionIdSchema, taskIdSchema } from "./common.js";
import { toolListQuery } from "./tools.js";

export const contextQuery = z
  .strictObject({
    task_id: taskIdSchema.optional(),
    session_id: sessionIdSchema.optional(),
    tools: toolListQuery,
    max_tokens: z.coerce.number().int().min(50).max(100_000).default(2000).describe("The budget, in tokens of the encoding named in the response"),
  })
  .refine((query) => query.task_id !== undefined || query.session_id !== undefined, {
    message: "give task_id, session_id or both",
    path: ["task_id"],
  });

export const contextSchema = z
  .object({
    prompt: z.string(),
    tokens: z.int().min(0).describe("Tokens of prompt in encoding; never more than max_tokens"),
    max_tokens: z.int(),
    encoding: z.string().describe("The BPE encoding tokens are counted in: o200k_base"),
    sections: z
      .array(
        z.object({
          name: z.enum(["what_worked", "lessons", "procedural_memory", "shared_tool_knowledge"]),
          items: z.int().min(0).describe("Items shown"),
          omitted: z.int().min(0).describe("Items left out to fit the budget"),
        }),
      )
      .describe("Every section in priority order, with what was shown and what was left out"),
  })
  .meta({ id: "ContextBlock", description: "One context block for a fresh session, within a token budget" });
