// Writes docs/configuration.md and .env.example from the configuration schema (npm run docs); a test fails when either is stale.
import { writeFileSync } from "node:fs";
import { configVariables, renderConfigurationPage, renderEnvExample } from "./render-configuration.js";

const variables = configVariables();
writeFileSync(new URL("../../docs/configuration.md", import.meta.url), renderConfigurationPage(variables));
writeFileSync(new URL("../../.env.example", import.meta.url), renderEnvExample(variables));
console.log(`docs/configuration.md and .env.example: ${variables.length} variables`);
