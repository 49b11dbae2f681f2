// The exit codes of `encode` (documented in the README and in main.ts).

export const exitCodes = {
  safe: 0,
  unsafe: 10,
  unknown: 20,
  usage: 2,
  inputError: 3,
  /** bench: an engine left jobs without a result (rerunning the command resumes) */
  incompleteCampaign: 4,
  unsupported: 5,
  internalError: 70,
} as const;
