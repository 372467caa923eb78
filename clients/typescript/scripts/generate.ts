// Writes src/generated/ from the committed OpenAPI document (run after `npm run openapi` changes it).
import { writeFileSync } from "node:fs";
import { GENERATED, renderClientSources } from "./render.js";

for (const [name, text] of Object.entries(await renderClientSources())) {
  writeFileSync(new URL(name, GENERATED), text);
  process.stdout.write(`wrote src/generated/${name}\n`);
}
