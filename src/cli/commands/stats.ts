// `thread-mind-mcp stats`: the stats_show text (threads, summaries, measured sessions) for this workspace.
import { collectStats, renderStats } from "../../core/savings/stats.js";
import { expectNoArguments } from "../cli-options.js";
import { openCliServices, printNotices } from "../cli-services.js";
import type { CliCommand } from "./command.js";

export const statsCommand: CliCommand = {
  name: "stats",
  summary: "print thread counts, summary sizes and the measured sessions (what /thread-mind:stats shows)",
  usage:
    "thread-mind-mcp stats\n\nMeasured sizes come from the plugin's hooks; `thread-mind-mcp report` scans the transcripts themselves.",
  options: {},
  run: async (args) => {
    expectNoArguments(args);
    const services = openCliServices({ exactTokens: true });
    // Without a project, runCommand gives the terminal's advice (the core's text speaks to a model).
    console.log(renderStats(await collectStats(services)));
    printNotices(services);
    return 0;
  },
};
