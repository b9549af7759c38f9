// The Node.js flags a server node runs with — `npm start` and every benchmark that starts a
// server use these, so the figures are the deployed server's.
//
// The heap budget: left to its default (a share of the machine's memory, gigabytes on a large
// host) V8 lets the old space grow far past what the server keeps alive before it collects —
// a 100,000-row export peaked at 330–350 MB RSS with about 50 MB live. An explicit budget
// makes the collector work to it: the same export peaks at 210–230 MB. SERVER_HEAP_MB sets
// it (default 1024; set it to what the host or container can give a node).
export function serverNodeArgs(env = process.env) {
  const mb = Number(env.SERVER_HEAP_MB ?? 1024);
  if (!Number.isInteger(mb) || mb < 128) {
    throw new Error(
      `SERVER_HEAP_MB must be a whole number of megabytes ≥ 128, got ${env.SERVER_HEAP_MB}`,
    );
  }
  return [`--max-old-space-size=${mb}`];
}
