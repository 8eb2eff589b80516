/**
 * Command-line options of a benchmark: `--name value` and `--flag`. `npm run bench -- --rounds 1`
 * passes the same options to every benchmark, so each reads only the names it knows.
 */
const args = process.argv.slice(2);

/** The value after `--name`, or undefined when the option is absent. */
export function textOption(name: string): string | undefined {
  const at = args.indexOf(`--${name}`);
  return at === -1 ? undefined : args[at + 1];
}

/** `--name N` as a number, or `fallback`. */
export function numberOption(name: string, fallback: number): number {
  return Number(textOption(name) ?? fallback);
}

/** Whether `--name` is given. */
export function flagOption(name: string): boolean {
  return args.includes(`--${name}`);
}
