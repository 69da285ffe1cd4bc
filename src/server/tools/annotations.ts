// Tool annotations: readOnly, destructive and idempotent hints as the tool table states them (all tools act on local files only).
import type { ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";

export type ToolKind = "read" | "write" | "destructive";

export function annotations(title: string, kind: ToolKind, idempotent: boolean): ToolAnnotations {
  return {
    title,
    readOnlyHint: kind === "read",
    destructiveHint: kind === "destructive",
    idempotentHint: idempotent,
    openWorldHint: false,
  };
}
