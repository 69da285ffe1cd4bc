// Tools project_create, project_list, project_switch.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as z from "zod";
import { idSchema, systemContextSchema, titleSchema } from "../schemas.js";
import { toolHandler, type ToolContext } from "../tool-result.js";
import { annotations } from "./annotations.js";

export function registerProjectTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    "project_create",
    {
      title: "Create project",
      description:
        "Create a ThreadMind project in this workspace, with its root thread `main`, and select it for this session. " +
        "Only when the user asks for a project; a title another project has is refused (project_switch to it). " +
        "Limits: title 200 characters, systemContext 8,000.",
      inputSchema: {
        title: titleSchema("Project title"),
        systemContext: systemContextSchema.optional(),
        mode: z
          .enum(["solo", "team"])
          .optional()
          .describe('"team": each thread can only be changed by its author (git user); default "solo"'),
      },
      annotations: annotations("Create project", "write", false),
    },
    toolHandler(ctx, { name: "project_create", changesContext: true }, async (services, args) => {
      const { project, thread } = await services.projectCreate(args);
      return {
        text:
          `Created project "${project.title}" (id ${project.id}, ${project.mode}) with its root thread "${thread.id}"; this session now works in it. ` +
          "Next: record decisions with summary_update, start a thread per topic with thread_create.",
        resourcesChanged: true,
      };
    }),
  );

  server.registerTool(
    "project_list",
    {
      title: "List projects",
      description: "List the ThreadMind projects of this workspace; the one this session works in is marked.",
      annotations: annotations("List projects", "read", true),
    },
    toolHandler(ctx, "project_list", async (services) => {
      const { projects, activeId, problems } = services.projectList();
      const lines: string[] = [];
      if (projects.length === 0 && problems.length === 0) {
        lines.push(
          `No ThreadMind project in ${services.workspace.root}. Only create one (project_create) if the user asks for it.`,
        );
      } else {
        lines.push(`Projects in ${services.workspace.root}:`);
        for (const p of projects) lines.push(`- ${p.title} (${p.id}, ${p.mode})${p.id === activeId ? " ◀ this session" : ""}`);
        if (activeId === null && projects.length > 0) lines.push("No project is selected for this session: use project_switch.");
      }
      for (const problem of problems) lines.push(`⚠ ${problem}`);
      return lines.join("\n");
    }),
  );

  server.registerTool(
    "project_switch",
    {
      title: "Switch project",
      description: "Select another project of this workspace for this session; returns the thread the session starts on.",
      inputSchema: { projectId: idSchema("Project id") },
      annotations: annotations("Switch project", "write", true),
    },
    toolHandler(ctx, { name: "project_switch", changesContext: true }, async (services, args) => {
      const { project, thread } = await services.projectSwitch(args.projectId);
      return {
        text:
          `Switched to project "${project.title}" (${project.id}). This session starts on thread "${thread.title}" (${thread.id}); ` +
          "call context_get to load its context.",
        resourcesChanged: true,
      };
    }),
  );
}
