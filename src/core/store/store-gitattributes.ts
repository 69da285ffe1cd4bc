// The store's own .gitattributes: thread and project files go through the "threadmind" merge driver (merge/git-merge-driver.ts sets it up).

/** The merge driver's name in git's config and in the store's .gitattributes. */
export const DRIVER_NAME = "threadmind";

/** What .threadmind/.gitattributes says: thread and project files go through the driver. */
export const STORE_GITATTRIBUTES =
  `# ThreadMind: thread and project files merge by meaning (driver set up by \`thread-mind-mcp git-setup\` or the plugin)\n` +
  `threads/**/*.md merge=${DRIVER_NAME}\nprojects/*.json merge=${DRIVER_NAME}\n`;
