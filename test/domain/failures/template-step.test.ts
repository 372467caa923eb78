// A template step decided on its bucket alone: the same template, text and change as learnTemplate over the whole state, and the recall entry's rules.
import { describe, expect, it } from "vitest";
import { decideTemplateStep, termsToAdd, type TemplateBucketSnapshot } from "../../../src/domain/failures/template-step.js";
import { emptyTemplateState, learnTemplate, prepareMessage } from "../../../src/domain/failures/templates.js";
import { MAX_TERMS_PER_TEMPLATE, termsOf } from "../../../src/domain/recall/terms.js";
import { AGENT_ERRORS, generatedMessages, RULE_CASES } from "../../helpers/failure-messages.js";

describe("a template step decided on its bucket", () => {
  it("gives every message the template, text and change learnTemplate gives it over the whole state", () => {
    const buckets = new Map<string, TemplateBucketSnapshot>();
    let state = emptyTemplateState();
    for (const message of [...RULE_CASES, ...AGENT_ERRORS, ...generatedMessages(500, 3)]) {
      const prepared = prepareMessage(message);
      const snapshot = buckets.get(prepared.bucket) ?? { bucket: prepared.bucket, version: "", templates: [] };
      const decision = decideTemplateStep(snapshot, prepared, termsOf(message), null, MAX_TERMS_PER_TEMPLATE);
      const learned = learnTemplate(state, message);
      expect({ id: decision.id, template: decision.template, change: decision.change }, message).toEqual({
        id: learned.templateId,
        template: learned.template,
        change: learned.change,
      });
      expect(decision.created).toBe(learned.change === "created");
      buckets.set(prepared.bucket, decision.next);
      state = learned.state;
    }
  });

  it("adds a message's terms the template lacks while it holds fewer than the cap, and counts the use first", () => {
    expect(termsToAdd(["disk", "quota"], ["quota", "exceeded", "disk", "user"], 3)).toEqual(["exceeded"]);
    expect(termsToAdd([], ["a1", "a1", "b2"], 5)).toEqual(["a1", "b2"]);
    const prepared = prepareMessage("disk quota exceeded for user alice");
    const use = { kind: "lesson" as const, tool: "", error_type: "OSError", ref: "task-1", at: 10 };
    const first = decideTemplateStep({ bucket: prepared.bucket, version: "v4", templates: [] }, prepared, ["disk", "quota"], use, 32);
    expect(first).toMatchObject({ created: true, reshaped: true, addedTerms: ["disk", "quota"] });
    const again = decideTemplateStep(first.next, prepared, ["quota", "alice"], { ...use, ref: "task-2", at: 20 }, 32);
    expect(again).toMatchObject({ created: false, change: "seen", reshaped: false, addedTerms: ["alice"] });
    expect(again.after.uses).toEqual([{ kind: "lesson", tool: "", error_type: "OSError", count: 2, last_seen: 20, refs: ["task-2", "task-1"] }]);
    expect(again.next.version).toBe("v4");
  });
});
