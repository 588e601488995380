/** Log levels, with the numbers the logging service stores. */
export const LogLevel = {
  Debug: 0,
  Warning: 1,
  Error: 2,
  Trace: 3,
  Info: 4,
  Fatal: 5,
} as const;

export type LogLevel = (typeof LogLevel)[keyof typeof LogLevel];

export function isLogLevel(value: unknown): value is LogLevel {
  // Number.isInteger is false for anything that is not a number: no typeof first (bytes of the page's first load).
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 5;
}

/** The kinds of issue the service knows. */
export const IssueType = {
  Issue: 'issue',
  Crash: 'crash',
  UserFeedback: 'user-feedback',
} as const;

export type IssueType = (typeof IssueType)[keyof typeof IssueType];
