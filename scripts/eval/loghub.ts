// Reads a Loghub-style directory: <System>/<System>_2k.log_structured.csv, each message (Content) with its true template (EventId).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** One system's messages in file order, each with the id of its true template. */
export interface LabelledSystem {
  name: string;
  messages: string[];
  truth: string[];
}

/**
 * The rows of a CSV text (RFC 4180): fields separated by commas, a field in double quotes may hold commas,
 * line breaks and doubled quotes (`""` reads `"`); a line break is `\n` or `\r\n`.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  const endField = () => {
    row.push(field);
    field = "";
  };
  const endRow = () => {
    endField();
    rows.push(row);
    row = [];
  };
  while (i < text.length) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += ch;
      i += 1;
      continue;
    }
    if (ch === '"' && field === "") quoted = true;
    else if (ch === ",") endField();
    else if (ch === "\n") endRow();
    else if (ch === "\r" && text[i + 1] === "\n") {
      endRow();
      i += 1;
    } else field += ch;
    i += 1;
  }
  if (field !== "" || row.length > 0) endRow();
  return rows;
}

/** The system's messages and true templates, from its CSV's `Content` and `EventId` columns. */
export function readSystem(dir: string, name: string): LabelledSystem {
  const rows = parseCsv(readFileSync(join(dir, name, `${name}_2k.log_structured.csv`), "utf8"));
  const header = rows[0] ?? [];
  const content = header.indexOf("Content");
  const eventId = header.indexOf("EventId");
  if (content < 0 || eventId < 0) throw new Error(`${name}: the CSV has no Content or EventId column`);
  const body = rows.slice(1).filter((row) => row.length > Math.max(content, eventId));
  return { name, messages: body.map((row) => row[content]!), truth: body.map((row) => row[eventId]!) };
}

/** The systems of a Loghub-style directory: every subdirectory holding its `<name>_2k.log_structured.csv`, by name. */
export function systemsIn(dir: string): string[] {
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .filter((name) => {
      try {
        return statSync(join(dir, name, `${name}_2k.log_structured.csv`)).isFile();
      } catch {
        return false;
      }
    })
    .sort();
}
