// Zod schemas of tool and prompt parameters: ids checked before any tool runs, generous caps that refuse absurd payloads early.
import * as z from "zod";
import { ID_PATTERN } from "../core/ids.js";
import { LIMITS } from "../core/limits.js";
import { SECTION_KEYS } from "../core/types.js";
import { INSTRUCTION_TARGETS } from "../core/agent-instructions.js";
import { REPLY_BUDGET } from "./reply-budget.js";

/**
 * Schema caps are a multiple of the core's limits: text between the core limit and the cap reaches the core, which
 * refuses it with the exact length and limit; beyond the cap the SDK refuses it before the tool runs.
 */
const SCHEMA_SLACK = 4;
const cap = (limit: number) => limit * SCHEMA_SLACK;

const ID_RULE = `lowercase letters a-z, digits and "-", 1 to ${LIMITS.idLength} characters`;

export const idSchema = (what: string) =>
  z.string().regex(ID_PATTERN, `${what} must be ${ID_RULE}`).describe(`${what} (${ID_RULE})`);

export const titleSchema = (what: string) =>
  z.string().max(cap(LIMITS.titleChars)).describe(`${what} (at most ${LIMITS.titleChars} characters)`);

export const maxTokensSchema = z
  .number()
  .int()
  .min(1)
  .max(1_000_000)
  .describe(
    `Token budget for the assembled context (which holds ${REPLY_BUDGET.context_get.toLocaleString("en-US")} characters at most in any case); farther ancestors, then the system context, are left out first, then the current thread's summary is cut`,
  );

export const sectionSchema = z
  .enum(SECTION_KEYS)
  .describe(`Summary section to add to (or replace with replaceSection): ${SECTION_KEYS.join(", ")}`);

export const summaryContentSchema = z
  .string()
  .max(cap(LIMITS.summaryChars))
  .describe(
    `Markdown. Without section: the whole new summary (at most ${LIMITS.summaryChars.toLocaleString("en-US")} characters). ` +
      `With section: the lines to add to that section (at most ${LIMITS.sectionChars.toLocaleString("en-US")} characters)`,
  );

export const pathsSchema = z
  .array(z.string().max(cap(LIMITS.pathChars)))
  .max(cap(LIMITS.pathsCount))
  .describe(
    `Repository paths this summary is about, relative to its root (files, directories, globs; at most ${LIMITS.pathsCount}, ${LIMITS.pathChars} characters each); ` +
      "context_get warns when later commits change them. An empty list clears them",
  );

export const relatedSchema = z
  .array(idSchema("Related thread id"))
  .max(LIMITS.relatedCount * 4)
  .describe(
    `Ids of related threads (cross-references listed in the context by title and id, not their summaries); an empty list clears. Limit: ${LIMITS.relatedCount}.`,
  );

export const reasonSchema = z
  .string()
  .max(cap(LIMITS.reasonChars))
  .describe(`Why (at most ${LIMITS.reasonChars.toLocaleString("en-US")} characters); recorded in the thread's Decisions section`);

export const systemContextSchema = z
  .string()
  .max(cap(LIMITS.systemContextChars))
  .describe(
    `Standing facts about the project, shown first in every context (at most ${LIMITS.systemContextChars.toLocaleString("en-US")} characters)`,
  );

export const parentSummarySchema = z
  .string()
  .max(cap(LIMITS.summaryChars))
  .describe(
    `The parent's whole new summary, folding in this thread's outcome (replaces the parent's summary; at most ${LIMITS.summaryChars.toLocaleString("en-US")} characters)`,
  );

export const clientsSchema = z
  .array(z.enum(INSTRUCTION_TARGETS))
  .min(1)
  .max(INSTRUCTION_TARGETS.length * 2)
  .describe(
    'Which files to write: "agents" → AGENTS.md, "claude" → CLAUDE.md, "cursor" → .cursor/rules/threadmind.mdc, ' +
      '"generic" → .threadmind/instructions.md. Default: agents and generic',
  );

/** Free text in prompt arguments (topics, titles, contents passed through to the model). */
export const promptTextSchema = (what: string, limit: number) => z.string().max(cap(limit)).describe(what);
