// Both stores fed sequences long enough to pass every cap: a tool's (error types, argument names, goals, fixes of one
// error type) and a task's and a signature's (lessons kept, signatures listed, known fixes answered). What each forgets
// and trims must be alike.
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { KNOWN_FIXES_PER_SIGNATURE, SIGNATURES_LISTED_PER_TASK } from "../../src/domain/lessons/store.js";
import { MAX_FIXES_PER_ERROR } from "../../src/domain/shared-tools/knowledge.js";
import type { Store } from "../../src/storage/port.js";
import { apply, BASE_MS, lessonTargets, TENANT, type Op } from "../helpers/differential.js";
import { generatedMessages, letterWord } from "../helpers/failure-messages.js";
import { aCall } from "../helpers/fixtures.js";
import { DEFAULT_LIMITS, memoryStoreFactory, redisStoreFactory } from "../helpers/stores.js";

const opened: Store[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

describe("both stores, past their caps", () => {
  // Past every cap of a tool's pattern: more error types (MAX_ERROR_TYPES_PER_TOOL), argument names
  // (MAX_ARGUMENT_NAMES_PER_TOOL), goals (MAX_CONTEXTS_PER_ERROR) and fixes of one error type (MAX_FIXES_PER_ERROR) than
  // it keeps, so the least recently seen are forgotten alike, in the sessions' patterns and in the tenant's knowledge.
  it("forget alike past a tool's caps, in sessions and in the tenant's knowledge", async () => {
    const wideCall = fc.record({
      session: fc.constantFrom("s1", "s2"),
      outcome: fc.constantFrom("success" as const, "failure" as const, "failure" as const),
      // One error type often (its fixes pass their cap), 39 others now and then (the types pass theirs).
      errorType: fc.oneof({ arbitrary: fc.constant(0), weight: 1 }, { arbitrary: fc.integer({ min: 1, max: 39 }), weight: 2 }),
      names: fc.uniqueArray(fc.integer({ min: 0, max: 79 }), { minLength: 1, maxLength: 3 }),
      value: fc.integer({ min: 0, max: 7 }),
      goal: fc.integer({ min: 0, max: 7 }),
    });
    let passedCaps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(wideCall, { minLength: 150, maxLength: 220, size: "max" }), async (calls) => {
        const [memory, redis] = [await memoryStoreFactory(), await redisStoreFactory()()];
        opened.push(memory, redis);
        for (const [step, op] of calls.entries()) {
          const args = Object.fromEntries(op.names.map((name) => [`a${name}`, op.value]));
          const call = aCall("wide", op.outcome, args, {
            timestamp: new Date(BASE_MS + step * 1000).toISOString(),
            error_type: op.outcome === "failure" ? `E${op.errorType}` : null,
            context_goal: `goal ${op.goal}`,
          });
          const session = { tenant: TENANT, sessionId: op.session };
          const [inMemory, onRedis] = [await memory.recordSharedToolCall(session, call, null), await redis.recordSharedToolCall(session, call, null)];
          expect(onRedis, `call ${step}: ${JSON.stringify(op)}`).toEqual(inMemory);
        }
        for (const sessionId of ["s1", "s2"]) {
          const session = { tenant: TENANT, sessionId };
          expect(await redis.getPatterns(session)).toEqual(await memory.getPatterns(session));
        }
        const [onRedis, inMemory] = [await redis.sharedToolKnowledge(TENANT, ["wide"]), await memory.sharedToolKnowledge(TENANT, ["wide"])];
        expect(onRedis).toEqual(inMemory);
        const known = inMemory[0];
        const fixesFull = known?.error_patterns.some((pattern) => pattern.fixes.length === MAX_FIXES_PER_ERROR) ?? false;
        if ((known?.dropped_error_types ?? 0) > 0 && (known?.dropped_argument_names ?? 0) > 0 && fixesFull) passedCaps += 1;
        expect(await redis.efficacyReport(TENANT, 10)).toEqual(await memory.efficacyReport(TENANT, 10));
        await Promise.all(opened.splice(0).map((store) => store.close()));
      }),
      { numRuns: 12, seed: 20_261_210 },
    );
    // Most sequences passed the caps of error types and argument names and filled an error type's fixes, so they compared
    // what was forgotten.
    expect(passedCaps).toBeGreaterThan(6);
  }, 120_000);

  // Past the caps of a task and of a signature: more lessons than a task keeps (maxLessonsPerTask), more signatures than
  // the tenant lists per task (SIGNATURES_LISTED_PER_TASK), more resolved tasks than a signature answers
  // (KNOWN_FIXES_PER_SIGNATURE), with lessons deleted and resolutions replaced and removed among them.
  it("trim and answer alike past a task's and a signature's caps", async () => {
    // A few messages every task meets (their signatures are resolved by several tasks), and many of a template each:
    // a first word of letters alone is a constant, so each word makes its own template.
    const common = generatedMessages(4, 17);
    const lessonStep = fc.oneof(
      {
        weight: 12,
        arbitrary: fc
          .record({
            // One task takes most lessons, most of them of a template of their own (its caps pass); five others meet the
            // common messages only (a signature's resolved tasks pass their cap).
            task: fc.oneof({ arbitrary: fc.constant("t0"), weight: 2 }, { arbitrary: fc.constantFrom("t1", "t2", "t3", "t4", "t5"), weight: 1 }),
            own: fc.integer({ min: 0, max: 199 }),
            shared: fc.constantFrom(...common),
            errorType: fc.constantFrom("TimeoutError", "ImportError"),
          })
          .map(({ task, own, shared, errorType }) => ({
            kind: "lesson" as const,
            task,
            message: task === "t0" && own % 4 !== 0 ? `${letterWord(own)} stage broke on build ${own}` : shared,
            errorType,
          })),
      },
      { weight: 3, arbitrary: fc.record({ kind: fc.constant("resolve" as const), task: fc.constantFrom("t1", "t2", "t3", "t4", "t5"), approach: fc.constantFrom("retried", "pinned") }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("unresolve" as const), task: fc.constant("t1") }) },
      { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), task: fc.constant("t0"), back: fc.integer({ min: 1, max: 3 }) }) },
    );
    let passedCaps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(lessonStep, { minLength: 200, maxLength: 260, size: "max" }), async (sequence) => {
        const [memory, redis] = [await memoryStoreFactory(), await redisStoreFactory()()];
        opened.push(memory, redis);
        // The same steps as the sequences above, over more tasks than they name.
        const steps = lessonTargets(sequence.map((op) => (op.kind === "lesson" ? { ...op, key: null } : op)) as unknown as Op[]);
        for (const [step, op] of steps.entries()) {
          const [inMemory, onRedis] = [await apply(memory, op, step), await apply(redis, op, step)];
          expect(onRedis, `step ${step}: ${JSON.stringify(op)}`).toEqual(inMemory);
        }
        for (const taskId of ["t0", "t1", "t2", "t3", "t4", "t5"]) {
          const task = { tenant: TENANT, taskId };
          // A task's signatures come in no particular order, and its known fixes may hold a few signatures besides its
          // lessons' (the port says both): compared as a prompt reads them, for the lessons it shows.
          const read = async (store: Store) => {
            const { signatures, knownFixes, ...rest } = await store.taskWithKnownFixes(task);
            const shown = new Set(rest.lessons.map((lesson) => lesson.signature));
            return {
              ...rest,
              signatures: [...signatures].sort((a, b) => (a.signature < b.signature ? -1 : 1)),
              knownFixes: Object.fromEntries([...knownFixes].filter(([signature]) => shown.has(signature)).sort(([a], [b]) => (a < b ? -1 : 1))),
            };
          };
          expect(await read(redis)).toEqual(await read(memory));
          expect(await redis.lessonCounters(task)).toEqual(await memory.lessonCounters(task));
        }
        const signatures = await memory.listTenantSignatures(TENANT, 500);
        expect(await redis.listTenantSignatures(TENANT, 500)).toEqual(signatures);
        expect(await redis.signatureEfficacyTotals(TENANT)).toEqual(await memory.signatureEfficacyTotals(TENANT));
        const known = await memory.knownFixes(TENANT, signatures.map((entry) => entry.signature));
        expect(Object.fromEntries(await redis.knownFixes(TENANT, signatures.map((entry) => entry.signature)))).toEqual(Object.fromEntries(known));
        const t0 = { tenant: TENANT, taskId: "t0" };
        const captured = (await memory.lessonCounters(t0)).total_captured;
        const signed = (await memory.lessonSignatures(t0)).length;
        if (captured > DEFAULT_LIMITS.maxLessonsPerTask && signed > SIGNATURES_LISTED_PER_TASK && [...known.values()].some((fixes) => fixes.length === KNOWN_FIXES_PER_SIGNATURE)) passedCaps += 1;
        await Promise.all(opened.splice(0).map((store) => store.close()));
      }),
      { numRuns: 10, seed: 20_261_211 },
    );
    expect(passedCaps).toBeGreaterThan(5);
  }, 120_000);
});
