// Many agents at once: concurrent captures to one task against Redis stay exact.
import { describe, expect, it } from "vitest";
import { redisStoreFactory } from "../helpers/stores.js";
import { useHttpApp } from "../helpers/http.js";
import { uniqueId } from "../helpers/fixtures.js";

const ERROR_TYPES = ["SyntaxError", "TimeoutError", "RateLimitError", "ImportError", "TypeError", "AssertionError", "MemoryError", "PermissionError", "ValueError"];

describe("concurrent captures to one task (redis store)", () => {
  const ctx = useHttpApp(redisStoreFactory());

  it("keeps exactly LESSONS_MAX_PER_TASK lessons out of 200, with stats matching the kept lessons", async () => {
    const task = uniqueId("task");
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        ctx.http.post(`/tasks/${task}/lessons`).send({
          attempt_number: i + 1,
          tier: (i % 3) + 1,
          error_type: ERROR_TYPES[i % ERROR_TYPES.length],
          error_message: `failure number ${i}`,
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(200).fill(201));
    expect(new Set(responses.map((response) => response.body.lesson_id)).size).toBe(200);

    const kept = (await ctx.http.get(`/tasks/${task}/lessons`)).body.lessons as Array<{ category: string; tier: number }>;
    expect(kept).toHaveLength(40);
    const byCategory: Record<string, number> = {};
    const byTier = { "1": 0, "2": 0, "3": 0 };
    for (const lesson of kept) {
      byCategory[lesson.category] = (byCategory[lesson.category] ?? 0) + 1;
      byTier[String(lesson.tier) as "1" | "2" | "3"] += 1;
    }
    const stats = (await ctx.http.get(`/tasks/${task}/lessons/stats`)).body;
    expect(stats).toMatchObject({ total_lessons: 40, total_captured: 200, by_category: byCategory, by_tier: byTier });
  });
});
