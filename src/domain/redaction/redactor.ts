// Replaces secrets in what agents send, before anything is stored: values under secret-like names, and secret-shaped text anywhere.
import { recentSet } from "../../recently-used.js";
import { secretNames, type SecretNames } from "./secret-keys.js";
import { MIGHT_HOLD_A_SECRET, PASSWORD_FLAG_BY_CLIENT, VALUE_RULES, type Groups, type ValueRule } from "./value-rules.js";

/** What a value under a secret-like name becomes, whatever it was. */
export const REDACTED = "[REDACTED]";
/** The kind counted for a value replaced because of its name. */
export const KEY_NAME_KIND = "key_name";

/** Counts of what one write replaced, by kind. */
export class RedactionTally {
  readonly byKind = new Map<string, number>();
  total = 0;

  add(kind: string): void {
    this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + 1);
    this.total += 1;
  }
}

export interface Redactor {
  /** Whether redaction is on (REDACTION=on). */
  readonly enabled: boolean;
  /** A text with every secret-shaped substring replaced by `[REDACTED:<kind>]`. */
  text(text: string, tally: RedactionTally): string;
  /** Like text, for a text that may be absent. */
  optionalText<T extends string | null | undefined>(text: T, tally: RedactionTally): T;
  /**
   * Any JSON value, at any depth: a member under a secret-like name becomes `[REDACTED]` (unless it
   * is null, empty or a boolean, which hold nothing), and every string is redacted as text.
   */
  value<T>(value: T, tally: RedactionTally): T;
  /** Whether a value under this name is replaced whole. */
  isSecretName(name: string): boolean;
}

export interface RedactionSettings {
  enabled: boolean;
  /** More names to treat as secret (REDACT_KEYS). */
  extraNames?: readonly string[];
}

const CLEAN_TEXTS_KEPT = { entries: 5_000, chars: 1_000_000 };
const CLEAN_TEXT_MAX_CHARS = 2_000;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A flag of an argv array, without a value of its own: `--password`, `-p`. */
const BARE_FLAG = /^--?[A-Za-z][A-Za-z0-9_-]{0,63}$/;

/** The program an argv array runs: its first item without a directory. */
const programOf = (first: unknown) => (typeof first === "string" ? first.slice(first.lastIndexOf("/") + 1) : "");

/** A value under a secret name that holds nothing worth hiding. */
const holdsNothing = (value: unknown) => value === null || value === undefined || value === "" || typeof value === "boolean";

/** The first look, with REDACT_KEYS' names added as literal alternatives. */
export function mightHoldPattern(extraNames: readonly string[]): RegExp {
  return extraNames.length ? new RegExp(`${MIGHT_HOLD_A_SECRET.source}|${extraNames.map(escapeRegExp).join("|")}`, "i") : MIGHT_HOLD_A_SECRET;
}

export function createRedactor(settings: RedactionSettings): Redactor {
  const names: SecretNames = secretNames(settings.extraNames ?? []);
  const mightHold = mightHoldPattern(settings.extraNames ?? []);

  /** One rule over a text: every accepted match replaced; the text itself when nothing was. */
  function applyRule(rule: ValueRule, input: string, tally: RedactionTally): string {
    const pattern = rule.pattern;
    pattern.lastIndex = 0;
    const parts: string[] = [];
    let kept = 0;
    for (let match = pattern.exec(input); match !== null; match = pattern.exec(input)) {
      let groups: Groups = match.groups ?? {};
      const leadEnd = match.index + match[0].length;
      let end = leadEnd;
      let pre = groups.pre ?? "";
      if (rule.then) {
        // A refused name is passed over; its value is read by the next try like any other text, once.
        const value = rule.lead && !rule.lead(groups, names) ? null : rule.then(groups);
        if (value) value.lastIndex = leadEnd;
        const found = value?.exec(input);
        if (!found) {
          pattern.lastIndex = Math.max(leadEnd, match.index + 1);
          continue;
        }
        groups = { ...groups, ...found.groups };
        pre = match[0] + found[0].slice(0, found[0].length - (groups.secret ?? "").length);
        end = leadEnd + found[0].length;
      }
      if (rule.accept && !rule.accept(groups.secret ?? match[0], groups, names)) {
        // A candidate refused whole may hold a real one (`retry: DB_PASSWORD=…`): look again from just inside it.
        pattern.lastIndex = rule.then ? Math.max(leadEnd, match.index + 1) : match.index + 1;
        continue;
      }
      parts.push(input.slice(kept, match.index), pre, `[REDACTED:${rule.kind}]`, groups.post ?? "");
      kept = end;
      pattern.lastIndex = end;
      tally.add(rule.kind);
    }
    if (parts.length === 0) return input;
    parts.push(input.slice(kept));
    // join copies into a new string: slices of the input would keep the whole input, secret and all, alive in memory.
    return parts.join("");
  }

  // Texts the rules went over and found nothing in (a message that mentions a "key", say): agents
  // send the same texts again and again. Only clean texts are kept, so no secret stays in memory here.
  const clean = recentSet(CLEAN_TEXTS_KEPT);

  function text(input: string, tally: RedactionTally): string {
    if (!settings.enabled || !mightHold.test(input)) return input;
    const keepable = input.length <= CLEAN_TEXT_MAX_CHARS;
    if (keepable && clean.has(input)) return input;
    let out = input;
    for (const rule of VALUE_RULES) out = applyRule(rule, out, tally);
    if (keepable && out === input) clean.add(input);
    return out;
  }

  /** A value under a secret-like name: hidden whole, unless it holds nothing. */
  function hidden(member: unknown, tally: RedactionTally): unknown {
    if (holdsNothing(member)) return member;
    tally.add(KEY_NAME_KIND);
    return REDACTED;
  }

  /**
   * An argv array (`["mysql", "--password", "x"]`, `["sshpass", "-p", "x", "ssh", "host"]`): the item
   * after a flag whose name is secret, or after the program's own password flag, is hidden whole, and
   * a password stuck to its flag (`-px`) keeps only the flag. Null when the array is no such thing.
   */
  function argv(items: readonly unknown[], tally: RedactionTally): unknown[] | null {
    if (!items.some((item) => typeof item === "string" && item.startsWith("-"))) return null;
    const passwordFlag = PASSWORD_FLAG_BY_CLIENT[programOf(items[0])];
    let changed = false;
    const out = items.map((item) => item);
    for (let i = 0; i < items.length; i += 1) {
      const item = items[i];
      if (typeof item !== "string") continue;
      if (passwordFlag && item.length > passwordFlag.length && item.startsWith(passwordFlag) && !item.startsWith("--")) {
        out[i] = `${passwordFlag}${REDACTED}`;
        tally.add(KEY_NAME_KIND);
        changed = true;
      } else if (BARE_FLAG.test(item) && i + 1 < items.length) {
        const secret = item === passwordFlag || (item.startsWith("--") && names.isSecret(item.slice(2)));
        if (secret && !holdsNothing(items[i + 1])) {
          out[i + 1] = hidden(items[i + 1], tally);
          changed = true;
          i += 1;
        }
      }
    }
    return changed ? out : null;
  }

  function value<T>(input: T, tally: RedactionTally): T {
    if (!settings.enabled) return input;
    if (typeof input === "string") return text(input, tally) as T;
    if (Array.isArray(input)) {
      // A header or environment pair as a list: ["Authorization", "Token …"].
      if (input.length === 2 && typeof input[0] === "string" && names.isSecret(input[0])) return [input[0], hidden(input[1], tally)] as T;
      const items = argv(input, tally) ?? input;
      return items.map((item) => value(item, tally)) as T;
    }
    if (input === null || typeof input !== "object") return input;
    const record = input as Record<string, unknown>;
    // An entry of a list of names and values (Kubernetes env, ECS secrets, header lists): the name says what the value is.
    const pairName = ["name", "key", "Name", "Key"].map((field) => record[field]).find((field) => typeof field === "string") as string | undefined;
    const pairHidden = pairName !== undefined && names.isSecret(pairName);
    const out: Record<string, unknown> = {};
    for (const [name, member] of Object.entries(record)) {
      const redacted = names.isSecret(name) || (pairHidden && /^value$/i.test(name)) ? hidden(member, tally) : value(member, tally);
      // A name can be a secret itself ({"ghp_…": true}); defineProperty, so that a member named __proto__ stays a member.
      Object.defineProperty(out, text(name, tally), { value: redacted, enumerable: true, writable: true, configurable: true });
    }
    return out as T;
  }

  return {
    enabled: settings.enabled,
    text,
    optionalText: (input, tally) => (typeof input === "string" ? (text(input, tally) as typeof input) : input),
    value,
    isSecretName: (name) => names.isSecret(name),
  };
}
