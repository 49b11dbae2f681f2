// Long-lived solver processes (`z3 -in`, `cvc5 --lang smt2` reading its standard input) that
// answer one script after another, for the external z3 and cvc5 solvers: starting a process from Node
// costs about 20 ms (cvc5: 45 ms and its script file), an answer from a running one 2 to 6 ms, and
// encodings such as viap ask dozens of small questions per program, the certificate checker one per
// clause of each solver.
//
// Each call writes `(reset)` (a fresh solver state: no declarations, assertions or options of the
// call before), the script, and an `(echo "<marker>")`; the output up to the marker's line (z3
// prints it bare, cvc5 quoted) is the call's output, read as a separate process's would be. A call
// that outlives its time (the timeout plus a grace period), is aborted, or whose process exits (cvc5
// exits at a parse error), kills the process (its whole group); the pool then starts a new one for
// the next call. Idle processes do not keep Node alive (unref), and `dispose()` kills them all.
// Soundness: the answer comes from the same solver on the same text; the only shared state is the
// solver's process, which `(reset)` returns to its initial state (cvc5 keeps its command-line
// options, which are the same for every call).

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

export interface SessionOutcome {
  readonly stdout: string;
  readonly killed: boolean;
  /** the process exited during the call (its exit code), or undefined when it answered */
  readonly exitCode: number | null | undefined;
  readonly elapsedMilliseconds: number;
}

/** the processes the pool keeps at most (two lanes of the portfolio, each with one call at a time) */
const maximumSessions = 2;

/** how a solver is started to read scripts from its standard input, and how it echoes */
export interface SessionProgram {
  readonly executable: string;
  readonly arguments: readonly string[];
  /** the line the solver prints for `(echo "marker")`, without its newline */
  readonly echoedLine: (marker: string) => string;
}

export function z3Sessions(executable: string): SessionProgram {
  return { executable, arguments: ['-in'], echoedLine: (marker) => marker };
}

/** cvc5 (1.0): the time limit of a call is its script's `(set-option :tlimit-per N)`, which `(reset)` undoes */
export function cvc5Sessions(executable: string): SessionProgram {
  return { executable, arguments: ['--lang', 'smt2', '--produce-models'], echoedLine: (marker) => `"${marker}"` };
}

/** SIGKILL to the process group a detached child leads (its own children too), if it still runs */
export function killProcessGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** a pipe to a child process is a socket, which can stop (or resume) holding Node's event loop */
function referenced(stream: unknown, holds: boolean): void {
  const socket = stream as { ref?: () => void; unref?: () => void };
  if (holds) socket.ref?.();
  else socket.unref?.();
}

class Session {
  private readonly child: ChildProcessWithoutNullStreams;
  private output = '';
  private waiting: ((exitCode: number | null | undefined) => void) | undefined;
  private endLine = '';
  /** whether the solver state holds questions' scopes (push/pop) rather than a fresh script's */
  private askingQuestions = false;
  alive = true;

  constructor(private readonly program: SessionProgram) {
    this.child = spawn(program.executable, [...program.arguments], { detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout.setEncoding('utf8');
    this.child.stdout.on('data', (chunk: string) => {
      this.output += chunk;
      if (this.waiting !== undefined && this.output.includes(this.endLine)) this.settle(undefined);
    });
    this.child.stderr.on('data', () => undefined);
    this.child.stdin.on('error', () => this.kill());
    this.child.on('error', () => this.kill());
    this.child.on('close', (code) => {
      this.alive = false;
      this.settle(code);
    });
    this.idle();
  }

  /** Node may exit while this process waits for work */
  private idle(): void {
    this.child.unref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) referenced(stream, false);
  }

  private busy(): void {
    this.child.ref();
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) referenced(stream, true);
  }

  private settle(exitCode: number | null | undefined): void {
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.(exitCode);
  }

  kill(): void {
    this.alive = false;
    killProcessGroup(this.child.pid);
    this.settle(null);
  }

  run(
    text: string,
    killAfterMilliseconds: number,
    signal: AbortSignal | undefined,
    marker: string,
    question: boolean,
  ): Promise<SessionOutcome> {
    const started = Date.now();
    this.output = '';
    const endLine = `${this.program.echoedLine(marker)}\n`;
    this.endLine = endLine;
    this.busy();
    return new Promise((resolve) => {
      let killed = false;
      const stop = (): void => {
        killed = true;
        this.kill();
      };
      const timer = setTimeout(stop, killAfterMilliseconds);
      signal?.addEventListener('abort', stop, { once: true });
      this.waiting = (exitCode) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', stop);
        if (this.alive) this.idle();
        const end = this.output.indexOf(endLine);
        resolve({
          stdout: end < 0 ? this.output : this.output.slice(0, end),
          killed,
          exitCode,
          elapsedMilliseconds: Date.now() - started,
        });
      };
      this.child.stdin.write(`${this.framed(text, question)}\n(echo "${marker}")\n`);
    });
  }

  /** whether a question would run without a reset */
  holdsQuestions(): boolean {
    return this.askingQuestions;
  }

  /**
   * A script runs after `(reset)`, in a fresh solver. A question runs between `(push 1)` and
   * `(pop 1)` in the solver of the questions before (its declarations, assertions and options
   * other than global ones end with the pop); the first question after a script resets first, so
   * that no logic a script set applies to it.
   */
  private framed(text: string, question: boolean): string {
    const reset = !question || !this.askingQuestions ? '(reset)\n' : '';
    this.askingQuestions = question;
    return question ? `${reset}(push 1)\n${text}\n(pop 1)` : `${reset}${text}`;
  }
}

/** a pool of processes of one solver: calls take an idle one or start one (or get undefined) */
export class SessionPool {
  private readonly idleSessions: Session[] = [];
  private started = 0;
  private calls = 0;
  private disposed = false;

  constructor(private readonly program: SessionProgram) {}

  /** the call's output, or undefined when every process is busy (the caller starts its own) */
  async run(
    text: string,
    killAfterMilliseconds: number,
    signal: AbortSignal | undefined,
    question = false,
  ): Promise<SessionOutcome | undefined> {
    if (this.disposed || signal?.aborted) return undefined;
    let session = this.takeIdle(question);
    if (session === undefined) {
      if (this.started >= maximumSessions) return undefined;
      session = new Session(this.program);
      this.started++;
    }
    this.calls++;
    const outcome = await session.run(text, killAfterMilliseconds, signal, `encode-call-${this.calls}-done`, question);
    if (session.alive && !this.disposed) this.idleSessions.push(session);
    else {
      this.started--;
      session.kill();
    }
    return outcome;
  }

  /** an idle live process, one that holds questions for a question (and one that does not for a script) if there is one */
  private takeIdle(question: boolean): Session | undefined {
    for (const session of this.idleSessions.filter((candidate) => !candidate.alive)) {
      this.idleSessions.splice(this.idleSessions.indexOf(session), 1);
      this.started--;
    }
    const matching = this.idleSessions.findIndex((session) => session.holdsQuestions() === question);
    return matching >= 0 ? this.idleSessions.splice(matching, 1)[0] : this.idleSessions.pop();
  }

  dispose(): void {
    this.disposed = true;
    for (const session of this.idleSessions) session.kill();
    this.idleSessions.length = 0;
  }
}
