/**
 * fauxqs (the local SQS and S3), loaded without the one line Node prints when a module loads
 * `node:sqlite` (fauxqs's persistence): "ExperimentalWarning: SQLite is an experimental feature".
 * The local runtime's output and the tests' stay quiet; any other warning is printed as usual.
 */
const emitWarning = process.emitWarning;
process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
  const text = typeof warning === 'string' ? warning : warning.message;
  if (/^SQLite is an experimental feature/.test(text)) return;
  return (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
}) as typeof process.emitWarning;
const fauxqs = await import('fauxqs').finally(() => {
  process.emitWarning = emitWarning;
});

export const startFauxqs = fauxqs.startFauxqs;
