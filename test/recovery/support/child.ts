import { spawn } from 'node:child_process';
import { SOURCE_MAPS_NODE_OPTIONS } from '../../../infra/constructs/bundling-options.js';
import { runnerBundle } from './bundles.js';
import type { CallLabel, CallMoment } from './call-hooks.js';
import type { ChildMessage, ChildSpec } from './child-runner.js';

/**
 * Runs one child process (./child-runner.ts) and collects what it reported: the calls of its
 * counted step, each step's result or error, and whether it was killed. Its own output (the
 * functions' log lines) is kept for the report of a violation, never printed.
 */
export interface StepOutcome {
  result?: unknown;
  error?: { name: string; message: string };
}

export interface ChildOutcome {
  killed: boolean;
  /** The counted step's calls, in the order they started. */
  calls: CallLabel[];
  /** Every moment the counted step reached, in order (`3 before`, `3 after`, …). */
  moments: { k: number; moment: CallMoment }[];
  steps: StepOutcome[];
  /** Each step's deadline (epoch ms): when its invocation's timeout stops it, as the function read it. */
  deadlines: number[];
  output: string;
}

export async function runChild(spec: ChildSpec, env: Record<string, string>): Promise<ChildOutcome> {
  const runner = await runnerBundle();
  const child = spawn(process.execPath, [runner], {
    env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: SOURCE_MAPS_NODE_OPTIONS, ...env },
    stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
  });
  const outcome: ChildOutcome = {
    killed: false,
    calls: [],
    moments: [],
    steps: [],
    deadlines: [],
    output: '',
  };
  let pending = '';
  const onMessage = (message: ChildMessage) => {
    if (message.type === 'call') {
      outcome.moments.push({ k: message.k, moment: message.moment });
      if (message.moment === 'before') {
        outcome.calls[message.k - 1] = { service: message.service, operation: message.operation };
      }
    } else if (message.type === 'start') {
      outcome.deadlines[message.step] = message.deadline;
    } else if (message.type === 'result') {
      outcome.steps[message.step] = { result: message.result };
    } else {
      outcome.steps[message.step] = { error: { name: message.name, message: message.message } };
    }
  };
  const channel = child.stdio[3] as NodeJS.ReadableStream;
  channel.setEncoding('utf8');
  channel.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) if (line) onMessage(JSON.parse(line) as ChildMessage);
  });
  child.stdout.on('data', (chunk) => {
    outcome.output += String(chunk);
  });
  child.stderr.on('data', (chunk) => {
    outcome.output += String(chunk);
  });
  child.stdin.end(JSON.stringify(spec));
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
  });
  outcome.killed = signal === 'SIGKILL';
  if (!outcome.killed && code !== 0) {
    throw new Error(`crash-point child exited with ${code ?? signal}:\n${outcome.output.slice(-4000)}`);
  }
  return outcome;
}
