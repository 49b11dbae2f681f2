// Types of check-with-gcc.mjs (a plain ES module, so that node runs it by hand) for family.test.ts.

export interface FamilyProgram {
  readonly name: string;
  readonly path: string;
  readonly expected: 'safe' | 'unsafe';
  /** the second line: what the program tests */
  readonly what: string;
  /** the input lists of its header: one failing input (buggy), or the inputs gcc tries (safe) */
  readonly inputs: readonly (readonly bigint[])[];
}

export interface Configuration {
  readonly name: string;
  readonly flags: readonly string[];
}

export interface Outcome {
  readonly kind: 'reachedError' | 'completed' | 'aborted' | 'undefinedBehaviour' | 'other';
  readonly detail: string;
}

export const programsFolder: string;
export const status: Readonly<{ reachedError: number; undefinedBehaviour: number; addressError: number }>;
export const configurations: readonly Configuration[];
export function readFamily(folder?: string): FamilyProgram[];
export function readProgram(path: string): FamilyProgram;
export function harnessSource(): string;
export function withoutReachErrorDefinition(text: string): string;
export function canBuild32(): boolean;
export function build(program: FamilyProgram, flags: readonly string[], directory: string): string;
export function run(binary: string, inputs: readonly bigint[], timeoutMilliseconds?: number): Outcome;
export function runAgrees(program: FamilyProgram, outcome: Outcome): boolean;
export function checkPrograms(programs: readonly FamilyProgram[], chosen?: readonly Configuration[]): { lines: string[]; failures: string[] };
