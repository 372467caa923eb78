// A session's pattern of one tool as its keys hold it, and what a call changes in it: decided here by the domain's rules (pattern-update.ts), written as text by lib/record-tool-call.lua.
import { keepLatest, rememberDistinct, seeAndForget } from "../../domain/tools/pattern-update.js";
import {
  MAX_ARGUMENT_NAMES_PER_TOOL,
  MAX_CONTEXTS_PER_ERROR,
  MAX_ERROR_TYPES_PER_TOOL,
  MAX_SUCCESS_PATTERNS,
  MAX_VALUES_PER_ARGUMENT,
} from "../../domain/tools/pattern-limits.js";
import { weightedLru } from "../../recently-used.js";
import { asArray, fieldPairs, type ErrorField } from "./pattern-state.js";

/** An argument's field (session.tool's args in keys.ts): when it was first seen, and its values as given and canonical. */
export interface KeptArgument {
  first: number;
  place?: number;
  values: string[];
  canonical: string[];
}

/** A success pattern as the pattern's `successes` field lists it: the texts as sent, not decoded. */
export interface SuccessField {
  goal_match?: string;
  arg_hints: string;
  example_call_id?: string;
  delta_that_fixed: string;
}

/**
 * One tool's pattern in a session: what a call's decision reads. A decision changes it in place (the cache keeps the
 * pattern as the calls decided on it leave it); copying its maps on every call would cost more than the rest of the
 * decision.
 */
export interface ToolFields {
  /** The random token the pattern's keys were made with ('' for one made before tokens, or not kept). */
  born: string;
  /** Its calls: with `born`, the version a write is guarded by. */
  total: number;
  args: Map<string, KeptArgument>;
  /** When each argument name and error type was last seen, by call number (the sorted sets beside the fields). */
  argsSeen: Map<string, number>;
  errors: Map<string, ErrorField>;
  errorsSeen: Map<string, number>;
  successes: SuccessField[];
}

/** The pattern of a tool the session never called: what a pattern this process does not know is taken to be. */
export const noFields = (): ToolFields => ({ born: "", total: 0, args: new Map(), argsSeen: new Map(), errors: new Map(), errorsSeen: new Map(), successes: [] });

/** What a write of the pattern is guarded by (lib/session-window.lua: patternVersion reads it the same way). */
export const fieldsVersion = (fields: Pick<ToolFields, "born" | "total">) => `${fields.born}:${fields.total}`;

/** An argument as the scripts take it: its name, its value's canonical JSON, and its JSON as given. */
export type ArgumentTriple = readonly [name: string, canonical: string, given: string];

/** What a call writes to its tool's pattern (lib/record-tool-call.lua: writePattern applies it as it is). */
export interface PatternWrite {
  /** The version the decision read ('born:total'). */
  expect: string;
  /** The birth token of a pattern this call makes ('' when it is kept already). */
  born: string;
  /** Fields written, flat: name, JSON, name, JSON, ... */
  args: string[];
  /** Names seen at the call's number, and names forgotten past the cap (their fields go). */
  args_seen: string[];
  args_forgotten: string[];
  errors: string[];
  errors_seen: string[];
  errors_forgotten: string[];
  /** The success patterns' new text, or '' when they did not change. */
  successes: string;
}

/** The fix a success makes, as its pattern learns it: the failure's error type, the delta's JSON and this call's id. */
export interface FixLearned {
  errorType: string;
  delta: string;
  callId: string;
}

/** The facts of a call its pattern learns from. */
export interface CallSeen {
  failed: boolean;
  /** The error type a failure is filed under ('unknown' for none). */
  errorType: string;
  goal: string;
}

/** `{"name":given,...}`: the arguments as an object's JSON, each value as the agent sent it. */
export const argumentsObject = (args: readonly ArgumentTriple[]) => `{${args.map(([name, , given]) => `${JSON.stringify(name)}:${given}`).join(",")}}`;

/** The argument fields a call changes (a value new to its name, or a name new to the tool), changed in `kept`: flat, name and JSON. */
function argumentWrites(args: readonly ArgumentTriple[], callNumber: number, kept: Map<string, KeptArgument>): string[] {
  const written: string[] = [];
  args.forEach(([name, canonical, given], i) => {
    const field = kept.get(name) ?? { first: callNumber, place: i + 1, values: [], canonical: [] };
    // Most calls repeat a value already listed: nothing to build then.
    if (field.canonical.includes(canonical)) return;
    const pairs = field.values.map((value, j) => [value, field.canonical[j]!] as const);
    // One string for both when they agree (every primitive): the cache keeps it once.
    const remembered = rememberDistinct(pairs, [given, canonical === given ? given : canonical] as const, ([, listed]) => listed === canonical, MAX_VALUES_PER_ARGUMENT);
    if (remembered === null) return;
    const changed = { ...field, values: remembered.map(([value]) => value), canonical: remembered.map(([, text]) => text) };
    kept.set(name, changed);
    written.push(name, JSON.stringify(changed));
  });
  return written;
}

/** The error pattern of a failure, counted, with its goal remembered (made when its type is new to the tool). */
function countFailure(fields: ToolFields, call: CallSeen, args: readonly ArgumentTriple[], callNumber: number): ErrorField {
  const known = fields.errors.get(call.errorType) ?? { first: callNumber, count: 0, contexts: [], example_args: argumentsObject(args) };
  const contexts = asArray(known.contexts);
  const goals = call.goal === "" ? null : rememberDistinct(contexts, call.goal, (goal) => goal === call.goal, MAX_CONTEXTS_PER_ERROR);
  return { ...known, count: known.count + 1, contexts: goals ?? contexts };
}

/**
 * A call applied to its tool's pattern as the embedded store applies it (pattern-update.ts: applyCallToPattern and
 * applyFixToPattern), on the fields, in place: answers what the script writes. `born` is the token a pattern this call
 * makes gets.
 */
export function applyCallToFields(fields: ToolFields, call: CallSeen, args: readonly ArgumentTriple[], fix: FixLearned | null, born: string): PatternWrite {
  const expect = fieldsVersion(fields);
  const made = fields.total === 0;
  if (made) fields.born = born;
  const total = (fields.total += 1);
  const argFields = argumentWrites(args, total, fields.args);
  const names = args.map(([name]) => name);
  const argsForgotten = seeAndForget(fields.argsSeen, names, total, MAX_ARGUMENT_NAMES_PER_TOOL);
  for (const name of argsForgotten) fields.args.delete(name);

  const errorFields: string[] = [];
  let errorsForgotten: string[] = [];
  if (call.failed) {
    errorsForgotten = seeAndForget(fields.errorsSeen, [call.errorType], total, MAX_ERROR_TYPES_PER_TOOL);
    for (const type of errorsForgotten) fields.errors.delete(type);
    const counted = countFailure(fields, call, args, total);
    fields.errors.set(call.errorType, counted);
    errorFields.push(call.errorType, JSON.stringify(counted));
  }

  if (fix) {
    // An error type the caps forgot learns nothing: its pattern is gone.
    const failedPattern = fields.errors.get(fix.errorType);
    if (failedPattern) {
      const learned = { ...failedPattern, fix_delta: fix.delta };
      fields.errors.set(fix.errorType, learned);
      errorFields.push(fix.errorType, JSON.stringify(learned));
    }
    const success: SuccessField = { ...(call.goal === "" ? {} : { goal_match: call.goal }), arg_hints: argumentsObject(args), example_call_id: fix.callId, delta_that_fixed: fix.delta };
    fields.successes = keepLatest(fields.successes, success, MAX_SUCCESS_PATTERNS);
  }

  return {
    expect,
    born: made ? born : "",
    args: argFields,
    args_seen: names,
    args_forgotten: argsForgotten,
    errors: errorFields,
    errors_seen: call.failed ? [call.errorType] : [],
    errors_forgotten: errorsForgotten,
    successes: fix ? JSON.stringify(fields.successes) : "",
  };
}

/** What lib/session-window.lua's readToolFields answers: the pattern's keys, flat (cjson writes an empty list as an object). */
export type FieldsReply = Record<"pattern" | "args" | "args_seen" | "errors" | "errors_seen", string[] | Record<string, never>>;

/** A sorted set read WITHSCORES, as a map. */
const scores = (flat: readonly string[]) => new Map(fieldPairs(flat).map(([name, score]) => [name, Number(score)]));

/** The pattern as a refusal read it. */
export function fieldsFrom(reply: FieldsReply): ToolFields {
  const pattern = new Map(fieldPairs(asArray(reply.pattern)));
  const args = fieldPairs(asArray(reply.args)).map(([name, json]): [string, KeptArgument] => {
    const field = JSON.parse(json) as KeptArgument;
    return [name, { ...field, values: asArray(field.values), canonical: asArray(field.canonical) }];
  });
  return {
    born: pattern.get("born") ?? "",
    total: Number(pattern.get("total") ?? 0),
    args: new Map(args),
    argsSeen: scores(asArray(reply.args_seen)),
    errors: new Map(fieldPairs(asArray(reply.errors)).map(([name, json]) => [name, JSON.parse(json) as ErrorField])),
    errorsSeen: scores(asArray(reply.errors_seen)),
    successes: asArray(JSON.parse(pattern.get("successes") ?? "[]") as SuccessField[] | Record<string, never>),
  };
}

/**
 * About how many bytes of heap a pattern holds: its texts, and what each entry and the pattern cost around them (a pattern
 * of two arguments and an error type measured 1.5 KB, and weighs about that).
 */
export function fieldsWeight(fields: ToolFields): number {
  const ENTRY = 128;
  let bytes = 512;
  for (const [name, field] of fields.args) {
    bytes += ENTRY + name.length;
    for (let i = 0; i < field.values.length; i += 1) bytes += ENTRY + field.values[i]!.length + (field.canonical[i] === field.values[i] ? 0 : field.canonical[i]!.length);
  }
  for (const [type, error] of fields.errors) {
    bytes += 2 * ENTRY + type.length + (error.example_args?.length ?? 0) + (error.fix_delta?.length ?? 0);
    for (const goal of asArray(error.contexts)) bytes += ENTRY + goal.length;
  }
  for (const success of fields.successes) bytes += 2 * ENTRY + success.arg_hints.length + success.delta_that_fixed.length + (success.goal_match?.length ?? 0);
  return bytes;
}

/**
 * About how many bytes the cached patterns hold in all (fieldsWeight), the least recently used pattern forgotten first. A
 * pattern forgotten here costs its session's next call of the tool one refusal, and a second round trip.
 */
export const CACHED_PATTERN_BYTES = 32 * 1024 * 1024;

/** The patterns this process last read or wrote, by session and tool: a write decided on one is refused if it moved since. */
export function createToolFieldsCache(maxBytes = CACHED_PATTERN_BYTES) {
  // Each entry with the weight it was kept at: a decision changes a pattern in place before keeping it again.
  const kept = weightedLru<{ fields: ToolFields; weight: number }>(maxBytes, (entry) => entry.weight);
  const keyOf = (session: string, tool: string) => `${session}\u0000${tool}`;
  return {
    /** The pattern as last known here, to be changed by a decision and kept again; undefined when none is. */
    get: (session: string, tool: string): ToolFields | undefined => kept.get(keyOf(session, tool))?.fields,
    /** Keeps the pattern, or forgets it (null). */
    set(session: string, tool: string, fields: ToolFields | null): void {
      if (fields) kept.set(keyOf(session, tool), { fields, weight: fieldsWeight(fields) });
      else kept.forget(keyOf(session, tool));
    },
  };
}

export type ToolFieldsCache = ReturnType<typeof createToolFieldsCache>;
