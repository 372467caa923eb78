// Failure templates learned online: what shares a template, ids that never move, a state that is plain data, bounded.
import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  emptyTemplateState,
  findTemplate,
  learnTemplate,
  MAX_TEMPLATES,
  templateIdOf,
  type TemplateState,
} from "../../../src/domain/failures/templates.js";
import { maskMessage } from "../../../src/domain/failures/masking.js";

interface Fixture {
  group: string;
  message: string;
}
const FIXTURES: Fixture[] = JSON.parse(readFileSync(new URL("../../fixtures/failures/agent-errors.json", import.meta.url), "utf8"));

/** Learns the messages in order from an empty state: the final state and each message's template id. */
function learnAll(messages: readonly string[], from: TemplateState = emptyTemplateState()) {
  let state = from;
  const ids = messages.map((message) => {
    const learned = learnTemplate(state, message);
    state = learned.state;
    return learned.templateId;
  });
  return { state, ids };
}

describe("failure templates", () => {
  const { state, ids } = learnAll(FIXTURES.map((fixture) => fixture.message));
  const idsOf = (group: string) => new Set(ids.filter((_, i) => FIXTURES[i]!.group === group));

  it.each([...new Set(FIXTURES.map((fixture) => fixture.group))])("gives every %s failure one template", (group) => {
    expect(idsOf(group).size).toBe(1);
  });

  it("gives different failures different templates", () => {
    const groupOf = new Map<string, string>();
    FIXTURES.forEach((fixture, i) => {
      expect(groupOf.get(ids[i]!) ?? fixture.group).toBe(fixture.group);
      groupOf.set(ids[i]!, fixture.group);
    });
  });

  it("shows the variable parts of a template as <*>", () => {
    const id = [...idsOf("enoent-open")][0]!;
    expect(findTemplate(state, FIXTURES[0]!.message)).toEqual({ templateId: id, template: "ENOENT: no such file or directory, open <*>" });
  });

  it("tells a missing file read by cat from a failing test run, though both exit with code 1", () => {
    const cat = learnTemplate(state, "Exit code 1\ncat: config/other.yml: No such file or directory");
    const tests = learnTemplate(state, "Exit code 1\n\n FAIL  test/math.test.ts > adds two numbers\nAssertionError: expected 9 to be 4 // Object.is equality");
    expect(cat.templateId).toBe([...idsOf("cat-missing")][0]);
    expect(tests.templateId).not.toBe(cat.templateId);
  });
});

describe("a template's id", () => {
  it("stays the same when the template is generalised, for earlier messages too", () => {
    const first = learnTemplate(emptyTemplateState(), "Invalid user webmaster from host");
    const second = learnTemplate(first.state, "Invalid user admin from host");
    expect(second.change).toBe("generalised");
    expect(second.template).toBe("Invalid user <*> from host");
    expect(second.templateId).toBe(first.templateId);
    expect(findTemplate(second.state, "Invalid user webmaster from host").templateId).toBe(first.templateId);
  });

  it("is made from the first message's masked tokens, so every replica gives the same id", () => {
    const learned = learnTemplate(emptyTemplateState(), "Rate limit exceeded, retry after 30s");
    expect(learned.templateId).toBe(templateIdOf(maskMessage("Rate limit exceeded, retry after 30s").tokens));
    expect(learned.templateId).toMatch(/^[0-9a-f]{16}$/);
  });

  it("never moves to an older template that would grow over a younger one's messages", () => {
    // Without the rule, the last message would widen the first template to `x <*> b b <*>`, taking `x c b b b` from the second.
    const messages = ["x a b b a", "x c b b b", "x c b b a", "x a b b c"];
    const { state, ids } = learnAll(messages);
    expect(new Set(ids).size).toBe(3);
    messages.forEach((message, i) => expect(findTemplate(state, message).templateId).toBe(ids[i]));
  });

  it("is the one a message was first given, for every message learned, whatever came after", () => {
    const word = fc.constantFrom("a", "b", "c", "d");
    const message = fc.array(word, { minLength: 1, maxLength: 6 }).map((words) => `x ${words.join(" ")}`);
    fc.assert(
      fc.property(fc.array(message, { minLength: 1, maxLength: 40 }), (messages) => {
        const { state, ids } = learnAll(messages);
        messages.forEach((m, i) => expect(findTemplate(state, m).templateId).toBe(ids[i]));
      }),
      { numRuns: 300 },
    );
  });
});

describe("the template state", () => {
  it("is plain data: a copy through JSON learns exactly as the original", () => {
    const messages = FIXTURES.map((fixture) => fixture.message);
    const half = learnAll(messages.slice(0, 20));
    const copy: TemplateState = JSON.parse(JSON.stringify(half.state));
    expect(learnAll(messages.slice(20), copy)).toEqual(learnAll(messages.slice(20), half.state));
  });

  it("is the same on two replicas that learned the same messages in the same order", () => {
    const messages = FIXTURES.map((fixture) => fixture.message);
    expect(learnAll(messages).state).toEqual(learnAll(messages).state);
  });

  it("is left as it was by learning (a new state is returned) and by finding", () => {
    const before = learnAll(FIXTURES.slice(0, 10).map((fixture) => fixture.message)).state;
    const frozen = JSON.stringify(before);
    learnTemplate(before, "EACCES: permission denied, open '/etc/shadow'");
    learnTemplate(before, "ENOENT: no such file or directory, open 'x.txt'");
    findTemplate(before, "something new entirely");
    expect(JSON.stringify(before)).toBe(frozen);
  });

  it("keeps at most MAX_TEMPLATES, forgetting the one seen least recently", () => {
    // Each message is a template of its own: its words differ from every other's in its first token.
    const letters = (i: number): string => (i < 26 ? "" : letters(Math.floor(i / 26) - 1)) + String.fromCharCode(97 + (i % 26));
    const distinct = (i: number) => `failure${letters(i)} happened`;
    let state = learnTemplate(emptyTemplateState(), distinct(0)).state;
    const firstId = Object.keys(state.templates)[0]!;
    for (let i = 1; i < MAX_TEMPLATES; i += 1) state = learnTemplate(state, distinct(i)).state;
    state = learnTemplate(state, distinct(0)).state; // seen again: no longer the least recent
    const full = learnTemplate(state, distinct(MAX_TEMPLATES));
    expect(Object.keys(full.state.templates)).toHaveLength(MAX_TEMPLATES);
    expect(full.forgotten).not.toBe(firstId);
    expect(full.forgotten).toBe(templateIdOf(maskMessage(distinct(1)).tokens));
    expect(Object.values(full.state.buckets).flat()).toHaveLength(MAX_TEMPLATES);
    // A forgotten failure seen again starts a template of its own masked form, under the id it had.
    const again = learnTemplate(full.state, distinct(1));
    expect(again.change).toBe("created");
    expect(again.templateId).toBe(full.forgotten);
  });
});
