// `thread-mind-mcp tree`: prints the thread tree of the active project; exit 1 when a thread file has a problem.
import { openCliServices, printNotices } from "../cli-services.js";
import type { CliCommand } from "./command.js";

export const treeCommand: CliCommand = {
  name: "tree",
  summary: "print the thread tree of the active project",
  usage: "thread-mind-mcp tree",
  options: {},
  run: async () => {
    const s = openCliServices({ exactTokens: false });
    const { text, problems } = await s.threadList({ full: true });
    console.log(text);
    printNotices(s);
    return problems.length > 0 ? 1 : 0;
  },
};
