// Guards the report's SVG chart (valid XML, one series per session with its measured sizes, restarts and ThreadMind
// context marked) and the HTML page that wraps it.
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SavingsReport } from "../../src/core/savings/savings-report.js";
import { contextHeader } from "../../src/core/context/context-header.js";
import { renderSvg } from "../../src/cli/report-svg.js";
import { renderHtml } from "../../src/cli/report-html.js";
import { renderMarkdown } from "../../src/cli/report-markdown.js";
import { reportDocument, when } from "../../src/cli/report-tables.js";
import { byClass, parseXml, XmlError, type XmlElement } from "../support/strict-xml.js";
import { makeReportSetting, type ReportSetting } from "../support/report-setting.js";
import { assistant, compactBoundary, hookInjection, jsonl, user } from "../transcript/transcript-builders.js";

const ccDir = resolve(fileURLToPath(import.meta.url), "../../fixtures/transcripts/cc-2.1.332");
const ODD_ID = `odd&<id>"'`;

function coords(polyline: XmlElement): [number, number][] {
  return polyline.attributes.points!.split(" ").map((pair) => pair.split(",").map(Number) as [number, number]);
}

describe("the report chart", () => {
  let setting: ReportSetting;
  let report: SavingsReport;
  let svg: XmlElement;

  beforeAll(async () => {
    setting = makeReportSetting("tm-chart-");
    const { fake, workspace } = setting;
    for (const name of ["clear-before", "clear-after", "compact"]) fake.place(join(ccDir, `${name}.jsonl`), workspace);
    // A ThreadMind session: context at its start and after its compaction; its recorded session id needs escaping.
    const tm = (source: "startup" | "compact") => `${contextHeader(source, "auth-ui", "Auth UI")}summary of auth-ui`;
    const records = [
      ...hookInjection(tm("startup"), "startup"),
      user("go"),
      assistant({ id: "t1", input: 30_000, output: 1 }),
      assistant({ id: "t2", input: 90_000, output: 1 }),
    ];
    records.push(
      compactBoundary({ trigger: "auto", preTokens: 91_000 }),
      ...hookInjection(tm("compact"), "compact"),
      assistant({ id: "t3", input: 4_000, output: 1 }),
    );
    fake.write(workspace, "tm-session.jsonl", jsonl(records.map((r) => ({ ...r, sessionId: ODD_ID, cwd: workspace }))));
    report = await setting.report();
    svg = parseXml(renderSvg(report));
  });

  afterAll(() => setting.cleanup());

  it("a session id holding characters XML forbids (a control character, a lone surrogate) still makes valid XML", () => {
    const odd = "ctl\u0001\u001f-\uD800-end";
    const text = renderSvg({ ...report, sessions: report.sessions.map((s) => ({ ...s, sessionId: odd })) });
    const forbidden = [...text].filter((ch) => {
      const c = ch.codePointAt(0) ?? 0;
      return (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0xd800 && c <= 0xdfff);
    });
    expect(forbidden).toEqual([]);
    const ids = byClass(parseXml(text), "session").map((g) => g.attributes["data-session-id"]);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids)).toEqual(new Set(["ctl\uFFFD\uFFFD-\uFFFD-end"]));
  });

  it("is a well-formed SVG document", () => {
    expect(svg.name).toBe("svg");
    expect(svg.attributes.xmlns).toBe("http://www.w3.org/2000/svg");
    expect(svg.attributes.viewBox).toMatch(/^0 0 [\d.]+ \d+$/);
  });

  it("draws one series per session with exactly its measured sizes, higher sizes higher up", () => {
    const groups = byClass(svg, "session");
    expect(groups.map((g) => g.attributes["data-session-id"]).sort()).toEqual(report.sessions.map((s) => s.sessionId).sort());
    expect(groups.map((g) => g.attributes["data-session-id"])).toContain(ODD_ID);
    for (const g of groups) {
      const session = report.sessions.find((s) => s.sessionId === g.attributes["data-session-id"])!;
      const [line] = byClass(g, "size");
      expect(line!.attributes["data-tokens"]).toBe(session.points.map((p) => p.tokens).join(" "));
      const xy = coords(line!);
      expect(xy).toHaveLength(session.points.length);
      for (let i = 1; i < xy.length; i++) {
        expect(xy[i]![0]).toBeGreaterThan(xy[i - 1]![0]);
        const [a, b] = [session.points[i - 1]!.tokens, session.points[i]!.tokens];
        if (a !== b) expect(Math.sign(xy[i]![1] - xy[i - 1]![1])).toBe(-Math.sign(b - a));
      }
      expect(g.attributes["data-with-threadmind"]).toBe(String(session.withThreadMind));
    }
    const tmSession = groups.find((g) => g.attributes["data-session-id"] === ODD_ID)!;
    expect(byClass(tmSession, "size")[0]!.attributes["data-tokens"]).toBe("30000 90000 4000");
  });

  it("marks the /clear between the two sessions and every compaction", () => {
    const clears = byClass(svg, "clear");
    const clear = report.restarts.find((r) => r.kind === "clear")!;
    expect(
      clears.map((c) => [
        c.attributes["data-from"],
        c.attributes["data-to"],
        c.attributes["data-before"],
        c.attributes["data-after"],
      ]),
    ).toEqual([[clear.previousSessionId, clear.sessionId, String(clear.before), String(clear.after)]]);
    expect(byClass(svg, "compaction")).toHaveLength(report.restarts.filter((r) => r.kind === "compaction").length);
    expect(byClass(svg, "compaction")).toHaveLength(2);
  });

  it("labels every session with its start date", () => {
    for (const g of byClass(svg, "session")) {
      const session = report.sessions.find((s) => s.sessionId === g.attributes["data-session-id"])!;
      expect(byClass(g, "session-label").map((l) => l.text)).toEqual([when(session.startedAt)]);
    }
  });

  it("shows the ThreadMind context loaded at the session's start and after its compaction, and nowhere else", () => {
    const bars = byClass(svg, "threadmind-context");
    expect(bars.map((b) => b.attributes["data-at"])).toEqual(["start", "compaction"]);
    const tmSession = report.sessions.find((s) => s.sessionId === ODD_ID)!;
    expect(bars.map((b) => Number(b.attributes["data-tokens"]))).toEqual([
      tmSession.threadMindTokensAtStart,
      tmSession.compactionMarks[0]!.threadMindTokens,
    ]);
    expect(tmSession.threadMindTokensAtStart).toBeGreaterThan(0);
  });

  it("renders an empty report as a valid SVG that says so", () => {
    const empty = parseXml(renderSvg({ ...report, sessions: [], restarts: [] }));
    expect(byClass(empty, "empty")[0]!.text).toContain("No Claude Code or Codex sessions");
    expect(byClass(empty, "session")).toEqual([]);
  });

  it("wraps the same chart and the tables in an HTML page", () => {
    const doc = reportDocument(report);
    const svgText = renderSvg(report);
    const html = renderHtml(doc, svgText);
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    const inline = html.slice(html.indexOf("<svg"), html.indexOf("</svg>") + "</svg>".length);
    expect(inline).toBe(svgText.slice(svgText.indexOf("<svg")).trimEnd());
    expect(parseXml(inline).name).toBe("svg");
    for (const t of doc.tables) expect(html).toContain(`<h2>${t.title}</h2>`);
    expect(html).not.toContain(`${ODD_ID.slice(0, 4)}<`);
    // The Markdown shows the same tables.
    const md = renderMarkdown(doc);
    for (const t of doc.tables) expect(md).toContain(`## ${t.title}`);
  });

  it("the XML check used here rejects what is not well-formed", () => {
    for (const bad of ["<a><b></a></b>", "<a x=1/>", "<a>&nbsp;</a>", "<a>", "<a/><b/>", '<a x="<"/>', '<a x="1" x="2"/>']) {
      expect(() => parseXml(bad), bad).toThrow(XmlError);
    }
    expect(parseXml("<?xml version='1.0'?><ok a='1'>x &amp; y &#x41;</ok>").text).toBe("x & y A");
  });
});

describe("the report chart leaves nothing out", () => {
  let setting: ReportSetting;
  let report: SavingsReport;
  let svg: XmlElement;
  const CLEAR = "<command-name>/clear</command-name>";

  beforeAll(async () => {
    setting = makeReportSetting("tm-chart-all-");
    const { fake, workspace } = setting;
    // One long session makes every one-request session narrow (under 90 px).
    const long = [
      user("go"),
      ...Array.from({ length: 400 }, (_, i) => assistant({ id: `long-${i}`, input: 1_000 + i * 100, output: 1 })),
    ];
    fake.write(
      workspace,
      "long.jsonl",
      jsonl(long.map((r) => ({ ...r, sessionId: "long", cwd: workspace, timestamp: "2026-06-01T08:00:00.000Z" }))),
    );
    for (const n of [1, 2, 3]) {
      const at = `2026-06-0${n + 1}T09:00:00.000Z`;
      fake.write(
        workspace,
        `short-${n}.jsonl`,
        jsonl(
          [user("hi"), assistant({ id: `s-${n}`, input: 5_000, output: 1 })].map((r) => ({
            ...r,
            sessionId: `short-${n}`,
            cwd: workspace,
            timestamp: at,
          })),
        ),
      );
    }
    // A /clear with no earlier session in the folder: unpaired (the first record of all).
    const orphan = [user(CLEAR), user("first"), assistant({ id: "o-1", input: 7_000, output: 1 })];
    fake.write(
      workspace,
      "orphan.jsonl",
      jsonl(orphan.map((r) => ({ ...r, sessionId: "orphan", cwd: workspace, timestamp: "2026-05-01T08:00:00.000Z" }))),
    );
    report = await setting.report();
    svg = parseXml(renderSvg(report));
  });

  afterAll(() => setting.cleanup());

  it("draws a mark for a /clear it could not pair", () => {
    const orphan = report.restarts.find((r) => r.sessionId === "orphan")!;
    expect(orphan).toMatchObject({ kind: "clear", previousSessionId: null, notAveraged: "no-ended-session" });
    const marks = byClass(svg, "unpaired");
    expect(marks.map((m) => [m.attributes["data-to"], m.attributes["data-from"], m.attributes["data-after"]])).toEqual([
      ["orphan", "", "7000"],
    ]);
    expect(byClass(svg, "clear")).toHaveLength(report.restarts.filter((r) => r.kind !== "compaction").length);
  });

  it("labels every session with its start date, narrow ones too (written upwards)", () => {
    const groups = byClass(svg, "session");
    expect(groups).toHaveLength(5);
    for (const g of groups) {
      const session = report.sessions.find((s) => s.sessionId === g.attributes["data-session-id"])!;
      const labels = byClass(g, "session-label");
      expect(labels.map((l) => l.text)).toEqual([when(session.startedAt)]);
    }
    const narrow = groups.filter((g) => g.attributes["data-session-id"] !== "long").map((g) => byClass(g, "session-label")[0]!);
    for (const label of narrow) expect(label.attributes.transform).toMatch(/^rotate\(-90 /);
  });
});
