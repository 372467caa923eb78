// The README's runnable shell steps (the tour, and the examples that go on from its data) and a matcher for the answers it shows.

/** One command of a shell block, with the answer its `#` lines show (empty when it shows none). */
export interface ShellStep {
  command: string;
  shown: string;
}

const TOUR_START = "<!-- tour:start -->";
const TOUR_END = "<!-- tour:end -->";
/** Put on the line before a later shell block whose commands run on the tour's data. */
const CONTINUES = "<!-- tour:continues -->";

/** The ```sh blocks of a piece of Markdown, in order. */
function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((match) => match[1]!);
}

/** Splits a block into its commands, each followed by the `#` lines that show its answer. */
export function stepsOf(block: string): ShellStep[] {
  const steps: ShellStep[] = [];
  let command: string[] = [];
  let shown: string[] = [];
  const close = () => {
    if (command.length > 0) steps.push({ command: command.join("\n"), shown: shown.join("\n") });
    command = [];
    shown = [];
  };
  for (const line of block.split("\n")) {
    if (line.trim() === "") continue;
    if (line.startsWith("#")) {
      // "# text" shows "text"; a bare "#" shows an empty line.
      shown.push(line.replace(/^# ?/, ""));
      continue;
    }
    if (shown.length > 0) close();
    command.push(line);
  }
  close();
  return steps;
}

/** The tour's steps, then those of every block marked as going on from its data, in the README's order. */
export function tourSteps(readme: string): { tour: ShellStep[]; continued: ShellStep[] } {
  const start = readme.indexOf(TOUR_START);
  const end = readme.indexOf(TOUR_END);
  if (start < 0 || end < start || readme.indexOf(TOUR_START, start + 1) >= 0) {
    throw new Error(`the README must hold one ${TOUR_START} … ${TOUR_END} region`);
  }
  const tour = shellBlocks(readme.slice(start, end)).flatMap(stepsOf);
  const later = readme.slice(end).split(CONTINUES).slice(1);
  const continued = later.map((text) => {
    const block = shellBlocks(text)[0];
    if (block === undefined || !text.trimStart().startsWith("```sh\n")) throw new Error(`${CONTINUES} must come right before a shell block`);
    return block;
  });
  return { tour, continued: continued.flatMap(stepsOf) };
}

/**
 * What each part of a shown answer matches in the real one, tried in order at every position:
 * what the README leaves out, values that differ from run to run, and the README's line wrapping.
 */
const PATTERNS: Array<[shown: RegExp, matches: string]> = [
  // "…" stands for anything, together with the spaces and commas around it ("{"id":"call-0001", …, "known_fix":…").
  [/[\s,]*…[\s,]*/y, "[\\s\\S]*?"],
  [/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/y, "\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z"],
  [/lsn_[0-9a-f]{32}/y, "lsn_[0-9a-f]{32}"],
  // A shown line break is where the README wrapped a long answer, or the text's own: any whitespace, or none.
  [/[ \t]*\n\s*/y, "\\s*"],
];

function escape(char: string): string {
  return char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/** The shown answer as a regular expression over the whole real answer. */
export function shownAsPattern(shown: string): RegExp {
  const text = shown.trim();
  let source = "";
  let at = 0;
  outer: while (at < text.length) {
    for (const [pattern, matches] of PATTERNS) {
      pattern.lastIndex = at;
      const found = pattern.exec(text);
      if (found && found[0].length > 0) {
        source += matches;
        at += found[0].length;
        continue outer;
      }
    }
    source += escape(text[at]!);
    at += 1;
  }
  return new RegExp(`^${source}$`);
}

/** Whether the service's real answer is what the README shows. */
export function answerMatches(shown: string, answer: string): boolean {
  return shownAsPattern(shown).test(answer.trim());
}
