/**
 * How long the loader lives: never longer than the command that started it.
 *
 * - SIGINT (Ctrl-C), SIGTERM or SIGHUP: it says how to continue and exits at once (130, 143,
 *   129). Nothing is lost: every step it finished is in the journal, which is fsynced step by
 *   step, and the same command continues from there.
 * - The process that started it goes away (`kill -9` of npm's PID, a closed terminal whose
 *   shell died first): it notices within `PARENT_POLL_MS`, because its parent process id
 *   changes (the orphan is handed to init or a subreaper), and exits the same way. `npm run etl`
 *   runs the loader with `exec`, so npm itself is that parent: no `sh` or second Node process
 *   stands between them to be left behind.
 */

/** How often the loader checks that the process that started it is still there. */
export const PARENT_POLL_MS = 500;

const SIGNAL_EXIT_CODES = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 } as const;

/** The process exits with `code` after `say(message)`; stderr may be gone, which is fine. */
function stop(code: number, message: string): never {
  try {
    process.stderr.write(`\n${message}\n`);
  } catch {
    // the terminal or pipe is gone with the parent
  }
  process.exit(code);
}

/** Ends the loader with the command that started it; `resume` is the sentence on how to continue. */
export function endWithTheCommand(resume: string): void {
  process.stderr.on('error', () => undefined);
  for (const [signal, code] of Object.entries(SIGNAL_EXIT_CODES)) {
    process.once(signal, () => stop(code, `etl: stopped by ${signal}. ${resume}`));
  }
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) stop(1, `etl: the command that started it is gone; stopped. ${resume}`);
  }, PARENT_POLL_MS).unref();
}
