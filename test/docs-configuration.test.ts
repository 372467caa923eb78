// docs/configuration.md and .env.example are what the configuration schema renders, and name the same variables.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { configSchema, loadConfig } from "../src/config.js";
import { CLIENT_VARIABLES, configVariables, renderConfigurationPage, renderEnvExample } from "../scripts/docs/render-configuration.js";

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../${path}`, import.meta.url)), "utf8");
const PAGE = read("docs/configuration.md");
const ENV_EXAMPLE = read(".env.example");
const STALE = "is stale: run npm run docs";

/** The variables a page's tables list, in order. */
const tableNames = (markdown: string) => [...markdown.matchAll(/^\| `([A-Z][A-Z0-9_]*)` \|/gm)].map((match) => match[1]!);
/** The variables .env.example sets, and those it shows commented out. */
const assigned = (text: string) => [...text.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
const commentedOut = (text: string) => [...text.matchAll(/^# ([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);

describe("the configuration reference", () => {
  const schemaNames = Object.keys(configSchema.shape);
  const clientNames = CLIENT_VARIABLES.map((variable) => variable.name);

  it("gives every variable of the schema a group and a description", () => {
    expect(configVariables().map((variable) => variable.name)).toEqual(schemaNames);
  });

  it("docs/configuration.md is what the schema renders", () => {
    expect(PAGE === renderConfigurationPage(), `docs/configuration.md ${STALE}`).toBe(true);
  });

  it(".env.example is what the schema renders", () => {
    expect(ENV_EXAMPLE === renderEnvExample(), `.env.example ${STALE}`).toBe(true);
  });

  it("names the same variables in docs/configuration.md, .env.example and the schema", () => {
    const onPage = tableNames(PAGE);
    const inFile = assigned(ENV_EXAMPLE);
    expect(onPage.filter((name) => !inFile.includes(name) && !clientNames.includes(name)), `on the page, not in .env.example: ${STALE}`).toEqual([]);
    expect(inFile.filter((name) => !onPage.includes(name)), `in .env.example, not on the page: ${STALE}`).toEqual([]);
    expect([...inFile].sort(), `.env.example against src/config.ts: ${STALE}`).toEqual([...schemaNames].sort());
    expect([...onPage].sort(), `docs/configuration.md against src/config.ts: ${STALE}`).toEqual([...schemaNames, ...clientNames].sort());
    expect(commentedOut(ENV_EXAMPLE)).toEqual(clientNames);
  });

  it(".env.example, copied to .env as it is, gives the defaults", () => {
    expect(loadConfig(parseEnv(ENV_EXAMPLE) as NodeJS.ProcessEnv)).toEqual(loadConfig({}));
  });
});
