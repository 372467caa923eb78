// Failure messages for the template miner's parity tests: the agent-style fixtures, hand-picked cases of each rule, and a seeded generated sequence.
import { readFileSync } from "node:fs";
import fc from "fast-check";

interface Fixture {
  group: string;
  message: string;
}

/** test/fixtures/failures/agent-errors.json's messages, in file order. */
export const AGENT_ERRORS: readonly string[] = (
  JSON.parse(readFileSync(new URL("../fixtures/failures/agent-errors.json", import.meta.url), "utf8")) as Fixture[]
).map((fixture) => fixture.message);

/** One or more messages that make each placement rule decide, in the order that makes it. */
export const RULE_CASES: readonly string[] = [
  // A full match, then a differing word generalised.
  "Invalid user webmaster from host",
  "Invalid user webmaster from host",
  "Invalid user admin from host",
  // The no-swallowing rule: the last would widen the first template over the second's messages.
  "x a b b a",
  "x c b b b",
  "x c b b a",
  "x a b b c",
  // A tie at 0.8 between two templates: the oldest takes the message.
  "t a b c d e f g h i",
  "t a b c d e z z z z",
  "t a b c d e f g z z",
  // Exactly at the threshold (7 of 10 constant tokens): the template takes the message.
  "u a b c d e f g h i",
  "u a b c d e f q q q",
  // A template widened by a gap alone: its tokens stay, a variable now stands where none did.
  "job exited",
  "job 42 exited",
  // A first token that holds a variable: one bucket for uid=<*> and pid=<*>.
  "uid=0 login denied",
  "pid=7 login denied",
  // Messages of no constant token, and tokens beyond ASCII.
  "",
  "   ",
  "42 /tmp/x",
  "échec: fichier 東京 introuvable 😀",
  "échec: fichier Kyoto introuvable 😀",
];

const word = fc.constantFrom("alice", "bob", "carol", "dave", "naïve", "東京");
const letters = fc.array(fc.constantFrom("a", "b", "c"), { minLength: 4, maxLength: 4 });
const number = fc.integer({ min: 0, max: 99_999 });
const maybeNumber = fc.option(number, { nil: undefined }).map((n) => (n === undefined ? "" : String(n)));

/** A small grammar of failures whose words vary: users and hosts, letters of equal length, services, keys, optional numbers. */
const message = fc.oneof(
  fc.tuple(word, word).map(([user, host]) => `Invalid user ${user} from ${host}`),
  letters.map((ws) => `x ${ws.join(" ")}`),
  fc.tuple(word, word, fc.constantFrom("timeout", "refused")).map(([a, b, why]) => `ERROR ${a} calling service ${b} ${why}`),
  fc.tuple(fc.constantFrom("uid", "pid", "gid"), number, word).map(([key, n, who]) => `${key}=${n} ${who} denied`),
  fc.tuple(maybeNumber, word, maybeNumber).map(([a, who, b]) => `job ${a} ${who} exited ${b}`),
  fc.tuple(fc.constantFrom("config", "src/app", "docs"), word).map(([dir, name]) => `Exit code 1\ncat: ${dir}/${name}.yml: No such file or directory`),
  fc.constantFrom(...AGENT_ERRORS),
  fc.constantFrom(...RULE_CASES),
);

/** A word of letters only, which masking keeps as a constant token: a, b, …, z, aa, ab, … (a template of its own per word). */
export const letterWord = (i: number): string => (i < 26 ? "" : letterWord(Math.floor(i / 26) - 1)) + String.fromCharCode(97 + (i % 26));

/** `count` messages of the grammar, the same for a seed on every run. */
export function generatedMessages(count: number, seed: number): string[] {
  return fc.sample(message, { seed, numRuns: count });
}
