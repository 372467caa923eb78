// Writes openapi/openapi.json from the code (npm run openapi); a test fails when the committed file differs.
import { writeFileSync } from "node:fs";
import { renderOpenApiDocument } from "../src/openapi-document.js";

const target = new URL("../openapi/openapi.json", import.meta.url);
writeFileSync(target, await renderOpenApiDocument());
process.stdout.write(`wrote ${target.pathname.split("/").slice(-2).join("/")}\n`);
