/**
 * How long the shell waits for each step of loading a remote (its mf-manifest.json, its remoteEntry.js, the files of
 * its App) before it shows the remote's part as unavailable: a server that answers not at all must not leave a
 * spinner up for the browser's own limits (20 s for a script, 120 s for a chunk, none for a fetch). The heaviest step
 * is mfe-admin's App files, 51 KB gzip: 0.9 s on the slow 4G of our speed budgets (docs/performance.md) and 3 s on
 * Chrome's "Slow 3G" (2 s latency, 400 kbit/s), so 6 s is twice the slowest network we still serve.
 */
export const REMOTE_FILE_TIMEOUT_MS = 6_000;
