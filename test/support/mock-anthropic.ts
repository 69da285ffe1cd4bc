// A scriptable mock of the Anthropic Messages API on 127.0.0.1 that records every request, for driving the real Claude Code.
import { createServer } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { requestText, lastUserText } from "./anthropic-request-text.js";

/** Token counts the mock reports; Claude Code copies them into the transcript's `message.usage`. */
export type Usage = {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens: number;
};

/** One content block of a scripted answer. */
export type ReplyBlock =
  | { type: "text"; text: string }
  | { type: "tool_use"; name: string; input: Record<string, unknown>; id?: string };

export type StopReason = "end_turn" | "tool_use" | "max_tokens" | "stop_sequence";

/** A scripted answer. Missing usage fields default to DEFAULT_USAGE's; stop_reason defaults from the blocks. */
export type MockReply = {
  content: ReplyBlock[];
  usage?: Partial<Usage>;
  stopReason?: StopReason;
  /** Model name to report; defaults to the request's `model`. */
  model?: string;
};

/** A fixed answer, or a function of the recorded request for full control. */
export type ReplySource = MockReply | ((request: RecordedRequest) => MockReply);

/** What the mock decided a request was. */
export type RequestKind = "messages" | "compaction" | "count_tokens" | "other";

/** One HTTP request as it reached the mock. */
export type RecordedRequest = {
  index: number;
  method: string;
  /** Path without the query string, e.g. `/v1/messages`. */
  path: string;
  /** Query string including the `?`, or "". */
  query: string;
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
  /** Parsed JSON body, or null when the body was empty or not JSON. */
  body: MessagesRequestBody | null;
  kind: RequestKind;
  /** The answer the mock gave (null for non-Messages requests). */
  reply: MockReply | null;
  /** Set when a reply function threw; the mock answered 500. */
  error?: string;
};

/** The parts of a Messages API request body the mock and tests read. */
export type MessagesRequestBody = {
  model?: string;
  stream?: boolean;
  system?: string | Array<{ type: string; text?: string }>;
  messages?: Array<{ role: string; content: string | Array<Record<string, unknown>> }>;
  tools?: Array<{ name: string; description?: string }>;
  max_tokens?: number;
  [key: string]: unknown;
};

export type MockAnthropicOptions = {
  /** Answer when the queue is empty. Default: text "ok" with DEFAULT_USAGE. */
  defaultReply?: ReplySource;
  /** Answers consumed in order by ordinary Messages requests (compaction requests do not consume them). */
  replies?: ReplySource[];
  /** Summary text and usage for compaction requests. Set `reply` for full control. */
  compaction?: { summary?: string; usage?: Partial<Usage>; reply?: ReplySource };
};

export type MockAnthropic = {
  /** Base URL for ANTHROPIC_BASE_URL, e.g. `http://127.0.0.1:40123`. */
  url: string;
  /** Every request, in arrival order (live array). */
  requests: RecordedRequest[];
  /** Only the ordinary and compaction POST /v1/messages requests. */
  messageRequests(): RecordedRequest[];
  /** Appends answers to the queue. */
  enqueue(...replies: ReplySource[]): void;
  /** Answers still queued. */
  pending(): number;
  /** Stops the server (idempotent). */
  close(): Promise<void>;
};

export const DEFAULT_USAGE: Usage = {
  input_tokens: 100,
  cache_creation_input_tokens: 0,
  cache_read_input_tokens: 0,
  output_tokens: 5,
};

/** The phrase Claude Code's compaction prompt contains (2.1.332). */
export const COMPACTION_MARKER = "create a detailed summary of the conversation";

/** A text answer. */
export function textReply(text: string, usage?: Partial<Usage>): MockReply {
  return { content: [{ type: "text", text }], ...(usage ? { usage } : {}) };
}

/** An answer that calls one tool (stop_reason tool_use). */
export function toolUseReply(name: string, input: Record<string, unknown>, usage?: Partial<Usage>): MockReply {
  return { content: [{ type: "tool_use", name, input }], ...(usage ? { usage } : {}) };
}

let idCounter = 0;
function nextId(prefix: string): string {
  idCounter += 1;
  return `${prefix}_mock${process.pid}${Date.now().toString(36)}${idCounter.toString().padStart(4, "0")}`;
}

function resolveReply(source: ReplySource, request: RecordedRequest): MockReply {
  return typeof source === "function" ? source(request) : source;
}

function fullUsage(usage: Partial<Usage> | undefined): Usage {
  return { ...DEFAULT_USAGE, ...usage };
}

function stopReasonOf(reply: MockReply): StopReason {
  if (reply.stopReason !== undefined) return reply.stopReason;
  return reply.content.some((block) => block.type === "tool_use") ? "tool_use" : "end_turn";
}

type ApiBlock = { type: "text"; text: string } | { type: "tool_use"; id: string; name: string; input: Record<string, unknown> };

function apiBlocks(reply: MockReply): ApiBlock[] {
  return reply.content.map((block): ApiBlock => {
    switch (block.type) {
      case "text":
        return { type: "text", text: block.text };
      case "tool_use":
        return { type: "tool_use", id: block.id ?? nextId("toolu"), name: block.name, input: block.input };
      default: {
        const unreachable: never = block;
        throw new Error(`unknown reply block ${JSON.stringify(unreachable)}`);
      }
    }
  });
}

function sseEvent(type: string, data: Record<string, unknown>): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

/** The SSE stream of one answer, as the real API sends it. */
function sseBody(reply: MockReply, model: string): string {
  const usage = fullUsage(reply.usage);
  const blocks = apiBlocks(reply);
  const id = nextId("msg");
  const events: string[] = [
    sseEvent("message_start", {
      message: {
        id,
        type: "message",
        role: "assistant",
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage, output_tokens: Math.min(1, usage.output_tokens) },
      },
    }),
  ];
  blocks.forEach((block, index) => {
    switch (block.type) {
      case "text":
        events.push(sseEvent("content_block_start", { index, content_block: { type: "text", text: "" } }));
        events.push(sseEvent("content_block_delta", { index, delta: { type: "text_delta", text: block.text } }));
        break;
      case "tool_use":
        events.push(
          sseEvent("content_block_start", {
            index,
            content_block: { type: "tool_use", id: block.id, name: block.name, input: {} },
          }),
        );
        events.push(
          sseEvent("content_block_delta", {
            index,
            delta: { type: "input_json_delta", partial_json: JSON.stringify(block.input) },
          }),
        );
        break;
      default: {
        const unreachable: never = block;
        throw new Error(`unknown block ${JSON.stringify(unreachable)}`);
      }
    }
    events.push(sseEvent("content_block_stop", { index }));
  });
  events.push(
    sseEvent("message_delta", {
      delta: { stop_reason: stopReasonOf(reply), stop_sequence: null },
      usage: { output_tokens: usage.output_tokens },
    }),
  );
  events.push(sseEvent("message_stop", {}));
  return events.join("");
}

function jsonBody(reply: MockReply, model: string): string {
  return JSON.stringify({
    id: nextId("msg"),
    type: "message",
    role: "assistant",
    model,
    content: apiBlocks(reply),
    stop_reason: stopReasonOf(reply),
    stop_sequence: null,
    usage: fullUsage(reply.usage),
  });
}

function isMessagesBody(value: unknown): value is MessagesRequestBody {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  return !("messages" in value) || Array.isArray(value.messages);
}

function parseBody(raw: string): MessagesRequestBody | null {
  if (raw.trim() === "") return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isMessagesBody(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function readAll(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function classify(method: string, path: string, body: MessagesRequestBody | null): RequestKind {
  if (method === "POST" && path === "/v1/messages/count_tokens") return "count_tokens";
  if (method !== "POST" || path !== "/v1/messages" || body === null) return "other";
  return lastUserText(body).includes(COMPACTION_MARKER) ? "compaction" : "messages";
}

function defaultCompactionReply(summary: string, usage: Partial<Usage> | undefined): MockReply {
  return textReply(`<analysis>Mock analysis of the conversation.</analysis>\n<summary>${summary}</summary>`, usage);
}

/** Starts the mock on 127.0.0.1 with a random port. */
export async function startMockAnthropic(options: MockAnthropicOptions = {}): Promise<MockAnthropic> {
  const requests: RecordedRequest[] = [];
  const queue: ReplySource[] = [...(options.replies ?? [])];
  const defaultReply = options.defaultReply ?? textReply("ok");
  const compactionReply =
    options.compaction?.reply ??
    defaultCompactionReply(options.compaction?.summary ?? "Mock summary of the conversation so far.", options.compaction?.usage);

  function send(res: ServerResponse, status: number, body: string, contentType: string): void {
    res.writeHead(status, { "content-type": contentType, "request-id": nextId("req") });
    res.end(body);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawBody = await readAll(req);
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    const method = req.method ?? "GET";
    const body = parseBody(rawBody);
    const record: RecordedRequest = {
      index: requests.length,
      method,
      path: url.pathname,
      query: url.search,
      headers: { ...req.headers },
      rawBody,
      body,
      kind: classify(method, url.pathname, body),
      reply: null,
    };
    requests.push(record);

    switch (record.kind) {
      case "messages":
      case "compaction": {
        const source = record.kind === "compaction" ? compactionReply : (queue.shift() ?? defaultReply);
        const reply = resolveReply(source, record);
        record.reply = reply;
        const model = reply.model ?? body?.model ?? "claude-mock";
        if (body?.stream === true) {
          res.writeHead(200, {
            "content-type": "text/event-stream",
            "cache-control": "no-cache",
            "request-id": nextId("req"),
          });
          res.end(sseBody(reply, model));
        } else {
          send(res, 200, jsonBody(reply, model), "application/json");
        }
        return;
      }
      case "count_tokens": {
        const estimate = body === null ? 0 : Math.ceil(requestText(body).length / 4);
        send(res, 200, JSON.stringify({ input_tokens: estimate }), "application/json");
        return;
      }
      case "other": {
        if (method === "HEAD") {
          res.writeHead(200);
          res.end();
          return;
        }
        send(
          res,
          404,
          JSON.stringify({
            type: "error",
            error: { type: "not_found_error", message: `mock: no route ${method} ${url.pathname}` },
          }),
          "application/json",
        );
        return;
      }
      default: {
        const unreachable: never = record.kind;
        throw new Error(`unknown request kind ${String(unreachable)}`);
      }
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const last = requests.at(-1);
      if (last !== undefined) last.error = String(error);
      // A bug in a reply function: answer 500 so Claude Code reports it, and keep the reason visible in the response.
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ type: "error", error: { type: "api_error", message: `mock failure: ${String(error)}` } }));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const address: AddressInfo | string | null = server.address();
  if (address === null || typeof address === "string") throw new Error(`mock: unexpected listen address ${String(address)}`);
  const { port } = address;
  let closing: Promise<void> | undefined;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    messageRequests: () => requests.filter((r) => r.kind === "messages" || r.kind === "compaction"),
    enqueue: (...replies) => {
      queue.push(...replies);
    },
    pending: () => queue.length,
    close: () => {
      // Idempotent: a second close resolves to the first one's outcome.
      closing ??= new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
      return closing;
    },
  };
}
