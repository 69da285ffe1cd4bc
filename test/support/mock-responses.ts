// A mock OpenAI Responses API on 127.0.0.1 for the Codex end-to-end tests: it answers each POST /v1/responses (SSE) from
// a script of steps (a text reply or a tool call, with the usage Codex will record), and keeps every request's body.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface MockUsage {
  input: number;
  cached: number;
  output: number;
}

export type MockStep =
  | { reply: string; usage: MockUsage }
  | { call: { namespace: string; name: string; args: Record<string, unknown> }; usage: MockUsage };

export interface RecordedRequest {
  body: Record<string, unknown>;
  /** The texts of the request's input messages, by role, in order. */
  messages: { role: string; text: string }[];
}

export interface MockResponses {
  baseUrl: string;
  requests: RecordedRequest[];
  /** Steps answered in order; past the end: a short reply of usage 1000/0/10. */
  script(steps: MockStep[]): void;
  close(): Promise<void>;
}

function messagesOf(body: Record<string, unknown>): { role: string; text: string }[] {
  const input = body.input;
  if (!Array.isArray(input)) return [];
  return input.flatMap((item: unknown) => {
    if (typeof item !== "object" || item === null || !("role" in item) || typeof item.role !== "string") return [];
    const content = "content" in item && Array.isArray(item.content) ? item.content : [];
    const text = content
      .map((part: unknown) =>
        typeof part === "object" && part !== null && "text" in part && typeof part.text === "string" ? part.text : "",
      )
      .join("\n");
    return [{ role: item.role, text }];
  });
}

export async function startMockResponses(): Promise<MockResponses> {
  const requests: RecordedRequest[] = [];
  let steps: MockStep[] = [];
  let served = 0;
  const answer = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    if (req.method !== "POST" || !(req.url ?? "").endsWith("/responses")) {
      res.writeHead(404).end();
      return;
    }
    const body = JSON.parse(raw) as Record<string, unknown>;
    requests.push({ body, messages: messagesOf(body) });
    served += 1;
    const step = steps.shift() ?? { reply: `reply ${served}`, usage: { input: 1000, cached: 0, output: 10 } };
    const id = `resp_${served}`;
    const item =
      "call" in step
        ? {
            type: "function_call",
            id: `fc_${served}`,
            name: step.call.name,
            namespace: step.call.namespace,
            arguments: JSON.stringify(step.call.args),
            call_id: `call_${served}`,
          }
        : { type: "message", role: "assistant", id: `msg_${served}`, content: [{ type: "output_text", text: step.reply }] };
    const u = step.usage;
    const usage = {
      input_tokens: u.input,
      input_tokens_details: { cached_tokens: u.cached },
      output_tokens: u.output,
      output_tokens_details: { reasoning_tokens: 0 },
      total_tokens: u.input + u.output,
    };
    res.writeHead(200, { "content-type": "text/event-stream" });
    const event = (data: Record<string, unknown>) => res.write(`event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`);
    event({ type: "response.created", response: { id } });
    event({ type: "response.output_item.done", item });
    event({ type: "response.completed", response: { id, usage } });
    res.end();
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => answer(req, res, Buffer.concat(chunks).toString("utf8")));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (next) => {
      steps = [...next];
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
