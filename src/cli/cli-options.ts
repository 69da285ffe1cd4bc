// Option parsing for the CLI's commands: node:util parseArgs (strict), its errors turned into our usage errors; value checks.
// A namespace import: a named one of parseArgs fails to link on Node 18.0-18.2, before main can say what is wrong.
import * as util from "node:util";

/** A command's options: `value` takes a value (`--limit 5` or `--limit=5`), `boolean` takes none. */
export type OptionKinds = Record<string, "value" | "boolean">;

export interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string | true>;
}

/** A wrong command line: main prints it with the command's usage and exits 2. */
export class UsageError extends Error {}

/** Whether this Node has util.parseArgs (18.3.0 and later, what package.json's engines claims). */
export function optionParserAvailable(): boolean {
  return typeof util.parseArgs === "function";
}

/** `argv` parsed against `known`: an unknown option, a value option without its value or a value given to a boolean option is a UsageError. */
export function parseCommandArgs(argv: string[], known: OptionKinds): ParsedArgs {
  const options: Record<string, { type: "string" | "boolean" }> = {};
  for (const [name, kind] of Object.entries(known)) options[name] = { type: kind === "value" ? "string" : "boolean" };
  let parsed: { values: Record<string, string | boolean | undefined>; positionals: string[] };
  try {
    parsed = util.parseArgs({ args: argv, options, strict: true, allowPositionals: true });
  } catch (e) {
    throw usageErrorOf(e, known);
  }
  const flags = new Map<string, string | true>();
  for (const [name, value] of Object.entries(parsed.values)) {
    if (typeof value === "string") flags.set(name, value);
    else if (value === true) flags.set(name, true);
  }
  return { positionals: parsed.positionals, flags };
}

/** parseArgs's errors carry a code; the option they name is the first quoted word of the message (Node 18.3 to 24 alike). */
function usageErrorOf(e: unknown, known: OptionKinds): unknown {
  if (!(e instanceof Error) || !("code" in e)) return e;
  const option = /'(-[^' ]*)/.exec(e.message)?.[1];
  if (option === undefined) return e;
  switch (e.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return new UsageError(`unknown option ${option}`);
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE": {
      const name = option.replace(/^--/, "");
      if (known[name] === "boolean") return new UsageError(`--${name} takes no value`);
      if (e.message.includes("ambiguous"))
        return new UsageError(`--${name} needs a value (one that starts with "-" is written --${name}=<value>)`);
      return new UsageError(`--${name} needs a value`);
    }
    default:
      return e;
  }
}

/** A command that takes no positional arguments: the first one given is a UsageError. */
export function expectNoArguments(args: ParsedArgs): void {
  if (args.positionals.length > 0) throw new UsageError(`unexpected argument "${args.positionals[0]}"`);
}

export function positiveInt(value: string | true | undefined, name: string): number | undefined {
  if (value === undefined) return undefined;
  const n = typeof value === "string" && /^\d+$/.test(value) ? Number.parseInt(value, 10) : Number.NaN;
  if (!Number.isInteger(n) || n <= 0) throw new UsageError(`--${name} must be a positive whole number`);
  return n;
}

/** The value when it is one of `allowed`; else a usage error naming `shown` (the values to advertise: all by default). */
export function oneOf<T extends string>(
  value: string | true | undefined,
  name: string,
  allowed: readonly T[],
  shown: readonly string[] = allowed,
): T | undefined {
  if (value === undefined) return undefined;
  const found = allowed.find((a) => a === value);
  if (found === undefined) throw new UsageError(`--${name} must be one of ${shown.join(", ")}`);
  return found;
}
