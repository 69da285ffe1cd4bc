// `thread-mind-mcp conflict-sweep`: reads every thread file not yet judged for git conflict markers now; a session start starts it in the background when its own sweep could not finish (a fresh clone of a large store).
import { sweepMarkerPath, sweepToCompletion } from "../../core/conflicts/conflict-marker-sweep.js";
import { finishMarker } from "../../core/store/background-marker.js";
import { cliWorkspace } from "../cli-workspace.js";
import { expectNoArguments } from "../cli-options.js";
import type { CliCommand } from "./command.js";

/** Enough sweeps for 2,000,000 thread files at 200 a sweep (as migrate's): the sweep's own bounds hold beyond that. */
const MAX_SWEEPS = 10_000;

export const conflictSweepCommand: CliCommand = {
  name: "conflict-sweep",
  summary: "judge every thread file for git conflict markers now (session starts start it in the background when needed)",
  usage: "thread-mind-mcp conflict-sweep",
  options: {},
  run: async (args) => {
    expectNoArguments(args);
    const { storeDir } = cliWorkspace();
    try {
      const sweeps = sweepToCompletion(storeDir, MAX_SWEEPS);
      console.log(
        `conflict-marker sweep: complete after ${sweeps} pass${sweeps === 1 ? "" : "es"} (.threadmind/cache/conflict-sweep.json)`,
      );
    } finally {
      finishMarker(sweepMarkerPath(storeDir));
    }
    return 0;
  },
};
