// Every dialect, most specific first, and the one step that maps a span or a log record through the first dialect that claims it.
import { finishCall } from "../finish.js";
import type { Dialect, LogView, MappedItem, SpanView } from "../types.js";
import { adkDialect } from "./adk.js";
import { aiSdkDialect } from "./ai-sdk.js";
import { claudeCodeDialect } from "./claude-code.js";
import { codexDialect } from "./codex.js";
import { geminiCliDialect } from "./gemini-cli.js";
import { genAiDialect } from "./genai.js";
import { mcpDialect } from "./mcp.js";
import { openInferenceDialect } from "./openinference.js";
import { strandsDialect } from "./strands.js";

// MCP, ADK and Strands spans are execute_tool spans too: they come before the plain GenAI mapper.
export const SPAN_DIALECTS: ReadonlyArray<Dialect<SpanView>> = [mcpDialect, adkDialect, strandsDialect, genAiDialect, aiSdkDialect, openInferenceDialect];
export const LOG_DIALECTS: ReadonlyArray<Dialect<LogView>> = [claudeCodeDialect, codexDialect, geminiCliDialect];

/** The dialect an item no dialect claims is counted under. */
export const NO_DIALECT = "none";

function mapWith<V extends SpanView | LogView>(dialects: ReadonlyArray<Dialect<V>>, item: V, isSpan: boolean): MappedItem {
  const dialect = dialects.find((candidate) => candidate.claims(item));
  if (!dialect) return { kind: "ignored", dialect: NO_DIALECT };
  const draft = dialect.map(item);
  return draft === null ? { kind: "ignored", dialect: dialect.name } : finishCall(dialect.name, item, draft, isSpan);
}

/** A span as a tool call to record, a refused one, or an ignored span (no dialect's tool call). */
export const mapSpan = (span: SpanView): MappedItem => mapWith(SPAN_DIALECTS, span, true);

/** A log record as a tool call to record, a refused one, or an ignored record. */
export const mapLogRecord = (record: LogView): MappedItem => mapWith(LOG_DIALECTS, record, false);
