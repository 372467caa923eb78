// What is redacted in each kind of write, field by field: lessons, resolutions, tool calls and imported memories.
import { hashArguments } from "../tools/arguments.js";
import { describeDelta } from "../tools/delta-text.js";
import type { ArgDelta, MemoryImport, ToolArguments, ToolCallInput } from "../tools/types.js";
import type { FailureReport, ResolutionReport } from "../lessons/types.js";
import { REDACTED, type RedactionTally, type Redactor } from "./redactor.js";

/** A lesson's texts: the error, its context, the approach, and the model and type too (every text an agent sends). */
export function redactFailureReport(redactor: Redactor, report: FailureReport, tally: RedactionTally): FailureReport {
  return {
    ...report,
    error_type: redactor.text(report.error_type, tally),
    error_message: redactor.text(report.error_message, tally),
    error_context: redactor.optionalText(report.error_context, tally),
    fix_approach: redactor.optionalText(report.fix_approach, tally),
    model: redactor.optionalText(report.model, tally),
  };
}

export function redactResolution(redactor: Redactor, report: ResolutionReport, tally: RedactionTally): ResolutionReport {
  return { ...report, approach: redactor.text(report.approach, tally), model: redactor.optionalText(report.model, tally) };
}

/** A call's arguments at any depth, its result before it is summarised, and its texts. */
export function redactToolCall(redactor: Redactor, input: ToolCallInput, tally: RedactionTally): ToolCallInput {
  return {
    ...input,
    arguments: redactor.value(input.arguments, tally),
    ...(input.result !== undefined ? { result: redactor.value(input.result, tally) } : {}),
    context_goal: redactor.optionalText(input.context_goal, tally),
    error_type: redactor.optionalText(input.error_type, tally),
    error_message: redactor.optionalText(input.error_message, tally),
  };
}

/** A delta's values as the arguments they came from: a secret-like name hides both sides of its change; names are redacted as text. */
function redactDelta<T extends ArgDelta | null>(redactor: Redactor, delta: T, tally: RedactionTally): T {
  if (!delta) return delta;
  const out: ArgDelta = { ...delta };
  if (delta.added) out.added = redactor.value(delta.added, tally);
  if (delta.removed) out.removed = delta.removed.map((name) => redactor.text(name, tally));
  if (delta.changed) {
    out.changed = {};
    for (const [name, change] of Object.entries(delta.changed)) {
      const hidden = redactor.isSecretName(name);
      if (hidden) tally.add("key_name");
      // A name can be a secret itself ({"ghp_…": …}); defineProperty, so that a member named __proto__ stays a member.
      Object.defineProperty(out.changed, redactor.text(name, tally), {
        value: hidden ? { from: REDACTED, to: REDACTED } : { from: redactor.value(change.from, tally), to: redactor.value(change.to, tally) },
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return out as T;
}

/** Each argument's recent values, hidden whole under a secret-like name; names are redacted as text. */
function redactCommonArgs(redactor: Redactor, commonArgs: Record<string, unknown[]>, tally: RedactionTally): Record<string, unknown[]> {
  const out: Record<string, unknown[]> = {};
  for (const [name, values] of Object.entries(commonArgs)) {
    const hidden = redactor.isSecretName(name);
    if (hidden) values.forEach(() => tally.add("key_name"));
    Object.defineProperty(out, redactor.text(name, tally), {
      // Distinct values, as the pattern keeps them: many hidden ones are one.
      value: hidden ? (values.length ? [REDACTED] : []) : values.map((value) => redactor.value(value, tally)),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/**
 * An imported memory by the same rules as the calls it holds: arguments, results' summaries, texts,
 * deltas and patterns. Each entry's arguments_hash is computed again from its redacted arguments.
 */
export function redactMemoryImport(redactor: Redactor, memory: MemoryImport, tally: RedactionTally): MemoryImport {
  if (!redactor.enabled) return memory;
  const args = (value: ToolArguments) => redactor.value(value, tally);
  const text = <T extends string | null | undefined>(value: T) => redactor.optionalText(value, tally);
  return {
    ...memory,
    tool_log: memory.tool_log.map((entry) => {
      const before = tally.total;
      const redactedArgs = args(entry.arguments);
      return {
        ...entry,
        arguments: redactedArgs,
        // Kept as sent unless something was hidden: a document's own hashes survive an import.
        arguments_hash: tally.total === before ? entry.arguments_hash : hashArguments(redactedArgs),
        context_goal: text(entry.context_goal),
        result_summary: redactor.text(entry.result_summary, tally),
        result_type: redactor.text(entry.result_type, tally),
        error_type: text(entry.error_type),
        error_message: text(entry.error_message),
        ...(entry.template === undefined ? {} : { template: redactor.text(entry.template, tally) }),
        delta_args: redactDelta(redactor, entry.delta_args, tally),
      };
    }),
    tool_patterns: Object.fromEntries(
      Object.entries(memory.tool_patterns).map(([name, pattern]) => [
        name,
        {
          ...pattern,
          common_args: redactCommonArgs(redactor, pattern.common_args, tally),
          error_patterns: pattern.error_patterns.map((ep) => {
            const before = tally.total;
            const fixDelta = redactDelta(redactor, ep.fix_delta, tally);
            return {
              ...ep,
              error_type: redactor.text(ep.error_type, tally),
              contexts: ep.contexts.map((context) => redactor.text(context, tally)),
              example_args: ep.example_args ? args(ep.example_args) : null,
              // The words of a fix whose values were hidden are written again from what is left, as a recorded fix's are.
              typical_fix: fixDelta && tally.total !== before ? describeDelta(fixDelta) : text(ep.typical_fix),
              fix_delta: fixDelta,
            };
          }),
          success_patterns: pattern.success_patterns.map((sp) => ({
            ...sp,
            goal_match: text(sp.goal_match),
            arg_hints: args(sp.arg_hints),
            delta_that_fixed: redactDelta(redactor, sp.delta_that_fixed, tally),
          })),
        },
      ]),
    ),
    fix_relations: memory.fix_relations.map((relation) => ({ ...relation, delta_args: redactDelta(redactor, relation.delta_args, tally) })),
  };
}
