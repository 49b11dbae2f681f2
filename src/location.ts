// Ground floor: where something is in the source, and a message about it. Imports nothing of the
// project, so the front end, the IR and the verdicts can all share these.

/** a position in the source: the first character of a token or node */
export interface SourceLocation {
  readonly line: number; // 1-based
  readonly column: number; // 1-based
}

/** a message about the source, from the front end or lowering */
export interface Diagnostic {
  readonly file: string;
  readonly location: SourceLocation;
  readonly severity: 'error' | 'unsupported' | 'warning';
  readonly message: string;
}

/** `file:line:column: severity: message` */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  return `${diagnostic.file}:${diagnostic.location.line}:${diagnostic.location.column}: ${diagnostic.severity}: ${diagnostic.message}`;
}
