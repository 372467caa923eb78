// What a request may hold before any work is done on it: nesting, member names and text that is valid Unicode.
// Checked once, at the edge, over the body, the query and the path; docs/security.md's table of limits is written from INPUT_LIMITS.

/** Each limit, with what exceeding it answers. */
export const INPUT_LIMITS = {
  /** Arrays and objects inside one another in a body: deeper is refused before anything walks it. */
  depth: { value: 64, answer: "400 VALIDATION_FAILED naming the field" },
  /** Characters of one member name anywhere in a body (argument names, keys of a result). */
  memberNameChars: { value: 4096, answer: "400 VALIDATION_FAILED naming the field" },
} as const;

/** Why a part of a request is refused, and where. */
export interface InputProblem {
  field: string;
  message: string;
}

interface Pending {
  value: unknown;
  depth: number;
  /** The path to the value, joined only when a problem is found. */
  parent: Pending | null;
  name: string;
}

const pathOf = (at: Pending): string => {
  const names: string[] = [];
  for (let step: Pending | null = at; step; step = step.parent) names.push(step.name);
  return names.reverse().join(".");
};

const NOT_UNICODE = "is not valid Unicode text (it holds a lone surrogate)";

/**
 * The first thing in `value` (a parsed body, query or path params, named `part`) that passes a limit
 * or is not valid Unicode; null when there is none. It walks with a stack of its own, never by
 * recursion, so a deep document is refused rather than overflowing the call stack.
 */
export function inputProblem(part: string, value: unknown): InputProblem | null {
  const stack: Pending[] = [{ value, depth: 0, parent: null, name: part }];
  while (stack.length > 0) {
    const at = stack.pop()!;
    const current = at.value;
    if (typeof current === "string") {
      if (!current.isWellFormed()) return { field: pathOf(at), message: NOT_UNICODE };
      continue;
    }
    if (current === null || typeof current !== "object") continue;
    if (at.depth >= INPUT_LIMITS.depth.value) {
      return { field: pathOf(at), message: `nests deeper than ${INPUT_LIMITS.depth.value} levels of arrays and objects` };
    }
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i -= 1) stack.push({ value: current[i], depth: at.depth + 1, parent: at, name: String(i) });
      continue;
    }
    const members = Object.entries(current);
    for (const [name] of members) {
      if (name.length > INPUT_LIMITS.memberNameChars.value) {
        // join copies: a slice of the name would keep the whole name alive wherever the problem is kept (a log, an error's stack).
        const field = [pathOf(at), ".", name.slice(0, 40).toWellFormed(), "…"].join("");
        return { field, message: `is a member name of more than ${INPUT_LIMITS.memberNameChars.value} characters` };
      }
      if (!name.isWellFormed()) return { field: `${pathOf(at)}.${name.toWellFormed()}`, message: `is a member name that ${NOT_UNICODE}` };
    }
    // Pushed last first, so that the first problem found is the first in the document.
    for (let i = members.length - 1; i >= 0; i -= 1) stack.push({ value: members[i]![1], depth: at.depth + 1, parent: at, name: members[i]![0] });
  }
  return null;
}
