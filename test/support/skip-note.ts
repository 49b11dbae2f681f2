// The note of a test skipped because something it needs is absent: 'needs <what>: <why>'. Shared by
// test/support/requirements.ts (which skips) and test/support/summary-reporter.ts (which collects the
// notes); kept free of imports, since the reporter runs in vitest's main process.
export const skipNotePrefix = 'needs ';
