// npm run eval:templates -- <dir>: grouping accuracy (GA) of failure templates on a Loghub-style directory, beside today's signatures.
// Each system's messages go one at a time, in file order, through the miner the service uses, from an empty state.
import { pathToFileURL } from "node:url";
import { maskMessage } from "../../src/domain/failures/masking.js";
import { emptyTemplateState, learnTemplate, templateIdOf } from "../../src/domain/failures/templates.js";
import { failureSignature } from "../../src/domain/lessons/signature.js";
import { groupingAccuracy } from "./grouping-accuracy.js";
import { readSystem, systemsIn } from "./loghub.js";

/** The template id of each message, learned online in order from an empty state. */
export function learnedTemplateIds(messages: readonly string[]): string[] {
  let state = emptyTemplateState();
  return messages.map((message) => {
    const learned = learnTemplate(state, message);
    state = learned.state;
    return learned.templateId;
  });
}

/** What each way of grouping scores on one system. */
export interface SystemScores {
  system: string;
  templates: number;
  maskingOnly: number;
  signatures: number;
}

export function scoreSystem(dir: string, name: string): SystemScores {
  const { messages, truth } = readSystem(dir, name);
  return {
    system: name,
    templates: groupingAccuracy(learnedTemplateIds(messages), truth),
    // The first step alone: messages whose masked tokens are the same share a group.
    maskingOnly: groupingAccuracy(messages.map((message) => templateIdOf(maskMessage(message).tokens)), truth),
    // Today's lesson signatures, all under one error type.
    signatures: groupingAccuracy(messages.map((message) => failureSignature("Error", message)), truth),
  };
}

export function markdownTable(rows: readonly SystemScores[]): string {
  const mean = (pick: (row: SystemScores) => number) => rows.reduce((sum, row) => sum + pick(row), 0) / rows.length;
  const cell = (value: number) => value.toFixed(3);
  return [
    "| System | Templates (masking, then online mining) | Masking alone | Signatures today |",
    "|---|---:|---:|---:|",
    ...rows.map((row) => `| ${row.system} | ${cell(row.templates)} | ${cell(row.maskingOnly)} | ${cell(row.signatures)} |`),
    `| **Average** | **${cell(mean((row) => row.templates))}** | **${cell(mean((row) => row.maskingOnly))}** | **${cell(mean((row) => row.signatures))}** |`,
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dir = process.argv[2];
  if (!dir) {
    console.error("usage: npm run eval:templates -- <dir>   (a directory of <System>/<System>_2k.log_structured.csv)");
    process.exit(2);
  }
  const systems = systemsIn(dir);
  if (systems.length === 0) {
    console.error(`${dir} holds no <System>/<System>_2k.log_structured.csv`);
    process.exit(1);
  }
  console.log(markdownTable(systems.map((name) => scoreSystem(dir, name))));
}
