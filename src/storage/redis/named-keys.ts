// What a script takes by name: its keys, in the order they travel in KEYS (lib/named-keys.lua reads them back by name), and its input as JSON.

/** Keys by the name a script reads them by, in the order they travel in KEYS. */
export interface NamedKeys {
  names: string[];
  keys: string[];
}

export function named(keys: Record<string, string>): NamedKeys {
  return { names: Object.keys(keys), keys: Object.values(keys) };
}

/**
 * A script's named input as JSON, every string in it made well-formed first: JSON.stringify writes a lone surrogate as an
 * escape that cjson refuses, where a positional argument reached Redis as UTF-8 with U+FFFD in its place. The edge refuses
 * lone surrogates; data kept before it did may still carry them.
 */
export const scriptInput = (input: object): string => JSON.stringify(input, (_name, value: unknown) => (typeof value === "string" ? value.toWellFormed() : value));
