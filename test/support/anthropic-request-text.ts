// Extracts the text a Messages API request body shows the model (system, messages, tool results), for test assertions.

/** Minimal structural view of a request body: only what text extraction reads. */
export type RequestBodyLike = {
  system?: unknown;
  messages?: unknown;
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Texts of one content value: a string, or an array of blocks (text, tool_result, tool_use, document...). */
function contentTexts(content: unknown): string[] {
  if (typeof content === "string") return [content];
  if (!Array.isArray(content)) return [];
  const out: string[] = [];
  for (const block of content) {
    if (typeof block === "string") {
      out.push(block);
      continue;
    }
    if (!isRecord(block)) continue;
    if (typeof block.text === "string") out.push(block.text);
    if (block.type === "tool_result") out.push(...contentTexts(block.content));
    if (block.type === "tool_use" && block.input !== undefined) out.push(JSON.stringify(block.input));
  }
  return out;
}

/** System prompt texts (string or text blocks). */
export function systemTexts(body: RequestBodyLike): string[] {
  return contentTexts(body.system);
}

/** Every message's texts, in order, with its role. */
export function messageTexts(body: RequestBodyLike): Array<{ role: string; text: string }> {
  if (!Array.isArray(body.messages)) return [];
  const out: Array<{ role: string; text: string }> = [];
  for (const message of body.messages) {
    if (!isRecord(message)) continue;
    const role = typeof message.role === "string" ? message.role : "unknown";
    for (const text of contentTexts(message.content)) out.push({ role, text });
  }
  return out;
}

/** All text the model received: system blocks, then every message's content (system-reminders and hook context included). */
export function requestText(body: RequestBodyLike): string {
  return [...systemTexts(body), ...messageTexts(body).map((m) => m.text)].join("\n");
}

/** The texts of the last user message (the prompt, or the compaction instruction). */
export function lastUserText(body: RequestBodyLike): string {
  if (!Array.isArray(body.messages)) return "";
  for (let i = body.messages.length - 1; i >= 0; i -= 1) {
    const message: unknown = body.messages[i];
    if (isRecord(message) && message.role === "user") return contentTexts(message.content).join("\n");
  }
  return "";
}
