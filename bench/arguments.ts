// The command-line arguments of the benchmark scripts (`--name value` pairs, read from process.argv).

/** the value after `name` on the command line, or `fallback` when it is absent */
export function argumentValue(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  return index >= 0 && index + 1 < process.argv.length ? process.argv[index + 1]! : fallback;
}
