import { readFileSync, writeSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { lambdaContext } from '../../../infra/local/proxy-event.js';
import { type CallMoment, installCallHooks } from './call-hooks.js';

/**
 * The child process of the crash-point harness (bundled on its own, run with plain `node`).
 * It reads a ChildSpec from stdin, installs the call hooks, then runs each step: imports the
 * step's function bundle (the deployed code, built with the stack's esbuild options) and
 * invokes its `handler` with the step's Lambda event and a Lambda context whose remaining time
 * is the step's timeout (it reports when that invocation ends: its deadline, which the claims it
 * takes expire by). During the step marked `crash`, it kills itself with SIGKILL at the chosen
 * moment of its k-th call. It reports to the parent on file descriptor 3, one JSON line
 * per message, written synchronously so that a line written just before SIGKILL arrives.
 */
export interface ChildStep {
  /** The bundle file (`…/index.mjs`). */
  bundle: string;
  functionName: string;
  event: unknown;
  /** The Lambda context's remaining time at the start of the invocation. */
  timeoutMs: number;
  /**
   * Kill the process at this moment of this call: the k-th of the step (numbered from 1), or the
   * first call of `operation` (a preparation that leaves a claim behind).
   */
  crash?: { k?: number; operation?: string; moment: CallMoment };
  /** Report this step's calls (the target step; preparation steps stay silent). */
  counted?: boolean;
}

export interface ChildSpec {
  /** host:port → service name, for the call labels. */
  services: Record<string, string>;
  steps: ChildStep[];
}

export type ChildMessage =
  | { type: 'call'; step: number; k: number; moment: CallMoment; service: string; operation: string }
  /** The step's invocation starts; `deadline` (epoch ms) is when its Lambda timeout stops it. */
  | { type: 'start'; step: number; deadline: number }
  | { type: 'result'; step: number; result: unknown }
  | { type: 'error'; step: number; name: string; message: string };

const report = (message: ChildMessage) => writeSync(3, `${JSON.stringify(message)}\n`);

const spec = JSON.parse(readFileSync(0, 'utf8')) as ChildSpec;
let current = -1;
let base = 0;
let total = 0;
installCallHooks(spec.services, (k, moment, label) => {
  total = Math.max(total, k);
  const step = spec.steps[current];
  if (!step) return;
  const local = k - base;
  if (step.counted || step.crash) report({ type: 'call', step: current, k: local, moment, ...label });
  const at = step.crash;
  if (
    at &&
    at.moment === moment &&
    (at.k === local || (at.k === undefined && at.operation === label.operation))
  ) {
    process.kill(process.pid, 'SIGKILL');
  }
});

type Handler = (event: unknown, context: unknown) => Promise<unknown>;
const loaded = new Map<string, Handler>();

for (const [index, step] of spec.steps.entries()) {
  current = index;
  base = total;
  try {
    let handler = loaded.get(step.bundle);
    if (!handler) {
      handler = ((await import(pathToFileURL(step.bundle).href)) as { handler: Handler }).handler;
      loaded.set(step.bundle, handler);
    }
    const context = lambdaContext(step.functionName, step.timeoutMs);
    // Read as the function reads it (its remaining time, then the clock): the claims it takes expire then.
    const remainingMs = context.getRemainingTimeInMillis();
    report({ type: 'start', step: index, deadline: Date.now() + remainingMs });
    const result = await handler(step.event, context);
    report({ type: 'result', step: index, result: result ?? null });
  } catch (error) {
    const failure = error as Error;
    report({ type: 'error', step: index, name: failure.name, message: failure.message });
  }
}
// Keep-alive sockets would hold the process open; the steps are done.
process.exit(0);
