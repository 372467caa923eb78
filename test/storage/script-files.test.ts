// The Lua scripts a folder holds, as the loader registers them: a command defined by two files is refused, not left to the order files are read in.
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { scriptFiles } from "../../src/storage/redis/scripts.js";

describe("the script loader's files", () => {
  it("names each script's command and key count from its file name, and skips what is not a script", () => {
    expect(scriptFiles(["countSignature-4.lua", "lib", "README.md"])).toEqual([{ name: "countSignature", keys: 4, file: "countSignature-4.lua" }]);
  });

  it("refuses a command two files define, as a build that kept a renamed script's old file would leave them", () => {
    expect(() => scriptFiles(["countSignature-4.lua", "countSignature-6.lua"])).toThrow(/countSignature-4\.lua and countSignature-6\.lua both define the script countSignature/);
  });

  it("finds one file per command among the service's own scripts", () => {
    const files = readdirSync(fileURLToPath(new URL("../../src/storage/redis/scripts/", import.meta.url)));
    expect(scriptFiles(files).length).toBe(files.filter((file) => file.endsWith(".lua")).length);
  });
});
