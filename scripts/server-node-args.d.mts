/** The Node.js flags a server node runs with (server-node-args.mjs). */
export function serverNodeArgs(env?: NodeJS.ProcessEnv): string[];
