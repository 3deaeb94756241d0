/**
 * The CLI's stdout carries exactly one JSON object, so scripts can pipe it
 * into `jq` or JSON.parse. Everything else that would reach stdout (library
 * warnings, stray console.log) is sent to stderr instead. This module must be
 * imported before anything else.
 */
const writeToStdout = process.stdout.write.bind(process.stdout);
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;

/** Writes the result and resolves once it has been handed to the OS. */
export function printResult(result: Record<string, unknown>): Promise<void> {
  return new Promise((resolve, reject) => {
    writeToStdout(`${JSON.stringify(result)}\n`, (error) => (error ? reject(error) : resolve()));
  });
}

export function printError(message: string): void {
  process.stderr.write(`inmo cli: ${message}\n`);
}
