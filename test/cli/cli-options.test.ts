// The CLI's option parsing (node:util parseArgs, strict): values both ways, booleans, `--`, and a usage error for each bad line.
import { describe, expect, it } from "vitest";
import { parseCommandArgs, UsageError } from "../../src/cli/cli-options.js";

const SEARCH = { limit: "value", intent: "value", json: "boolean" } as const;

function usageMessage(argv: string[]): string {
  try {
    parseCommandArgs(argv, SEARCH);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as UsageError).message;
  }
  throw new Error(`${argv.join(" ")} parsed without an error`);
}

describe("command options", () => {
  it("takes a value after the option or after =, a boolean alone, and positionals anywhere", () => {
    const parsed = parseCommandArgs(["refund", "--limit", "5", "policy", "--intent=deep", "--json"], SEARCH);
    expect(parsed.positionals).toEqual(["refund", "policy"]);
    expect([...parsed.flags]).toEqual([
      ["limit", "5"],
      ["intent", "deep"],
      ["json", true],
    ]);
  });

  it("leaves out the options not given", () => {
    expect(parseCommandArgs(["words"], SEARCH).flags.size).toBe(0);
  });

  it("keeps an empty value (`--svg=`) for the command to judge", () => {
    expect(parseCommandArgs(["--svg="], { svg: "value" }).flags.get("svg")).toBe("");
  });

  it("ends the options at `--`: what follows is positional, dashes and all", () => {
    expect(parseCommandArgs(["--", "--json", "-x"], SEARCH).positionals).toEqual(["--json", "-x"]);
  });

  it("names an unknown option, long or short", () => {
    expect(usageMessage(["--pdf"])).toBe("unknown option --pdf");
    expect(usageMessage(["words", "-x"])).toBe("unknown option -x");
  });

  it("says a value option needs its value, at the end or before another option", () => {
    expect(usageMessage(["--limit"])).toBe("--limit needs a value");
    expect(usageMessage(["--limit", "--json"])).toBe(
      '--limit needs a value (one that starts with "-" is written --limit=<value>)',
    );
  });

  it("refuses a value given to a boolean option (`--json=false` does not mean false)", () => {
    expect(usageMessage(["--json=false"])).toBe("--json takes no value");
  });
});
