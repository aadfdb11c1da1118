import type { CallLabel, CallMoment } from './call-hooks.js';
import { type CrashPath, type PathReport, succeeded, type Violation } from './crash-path.js';
import { judge, reference } from './judge.js';
import { heldClaims } from './oracle.js';
import { publishedEventIds, publishOutbox } from './publish.js';
import { type Answer, answerOf, redrive } from './redrive.js';
import { INVOCATION_TIMEOUT_MS, type Subject, World } from './world.js';

/**
 * The exploration of one path, FoundationDB-style: a clean run counts the function's calls
 * (N) and records the outcome; then, for every k in 1..N and both moments (just before the
 * k-th call leaves, just after its answer arrives), a fresh subject is prepared the same way,
 * the function is killed there, the cloud re-drives it, and the outcome is judged against the
 * clean one (./judge.ts). Every case is run; none is sampled.
 */
export interface ExploreOptions {
  /** Cases run at once (each in its own child processes, on its own subject). */
  concurrency: number;
  /** Only these crash points (default: all). */
  only?: (k: number, moment: CallMoment, call: CallLabel) => boolean;
  /** Variables given to every child on top of the stack's (a canary's broken configuration). */
  env?: Record<string, string>;
}

interface Case {
  k: number;
  moment: CallMoment;
  world: World;
  subject: Subject;
  problems: string[];
  final?: Answer;
}

type Placed = { world: World; subject: Subject };

async function pool<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await work(item);
    }),
  );
}

/** Fresh subjects at the path's start: in one shared world, or each in a world of its own. */
async function freshSubjects(path: CrashPath, worlds: World[], options: ExploreOptions, count: number) {
  const newWorld = async () => {
    const world = await World.create(path.id, options.env);
    worlds.push(world);
    return world;
  };
  if (path.isolation !== 'table') {
    const shared = worlds[0] ?? (await newWorld());
    const subjects = await Promise.all(Array.from({ length: count }, () => shared.newSubject()));
    if (subjects.length > 0) await path.prepare(shared, subjects);
    return subjects.map((subject): Placed => ({ world: shared, subject }));
  }
  const placed: Placed[] = [];
  await pool(
    Array.from({ length: count }, (_, i) => i),
    options.concurrency,
    async (i) => {
      const world = await newWorld();
      const subject = await world.newSubject();
      await path.prepare(world, [subject]);
      placed[i] = { world, subject };
    },
  );
  return placed;
}

/** Kills the function at the case's crash point, checks the claims it left, and re-drives it. */
async function crashAndRecover(path: CrashPath, c: Case, cleanCalls: PathReport['calls']): Promise<void> {
  const event = () => path.event(c.world, c.subject);
  const crash = { k: c.k, moment: c.moment };
  const crashed = await c.world.run([
    { functionId: path.functionId, event: await event(), counted: true, crash },
  ]);
  const crashedAt = Date.now();
  if (!crashed.killed) {
    const answer = JSON.stringify(answerOf(crashed.steps[0]));
    c.problems.push(
      `the crash point was not reached: ${crashed.calls.length} calls this time, answer ${answer}`,
    );
    return;
  }
  const [label, expected] = [crashed.calls[c.k - 1], cleanCalls[c.k - 1]];
  if (JSON.stringify(label) !== JSON.stringify(expected)) {
    c.problems.push(`call ${c.k} was ${JSON.stringify(label)}, in the clean run ${JSON.stringify(expected)}`);
  }
  // Killed before its invocation started (no deadline reported): it took no claim, so none may outlive the crash.
  const holderDeadline = crashed.deadlines[0] ?? crashedAt;
  const items = await c.world.claimItems(c.subject);
  for (const claim of heldClaims(items, c.subject, holderDeadline)) {
    if (!claim.outlives) continue;
    const afterCrash = ((claim.expiresAt - crashedAt) / 1000).toFixed(1);
    c.problems.push(
      `${claim.what} left by the crash expires ${afterCrash} s after it, ${claim.secondsAfterDeadline} s after its holder's deadline (its lifetime: ${INVOCATION_TIMEOUT_MS / 1000} s)`,
    );
  }
  const context = {
    world: c.world,
    subject: c.subject,
    functionId: path.functionId,
    event,
    crashedAt,
    holderDeadline,
  };
  const outcome = await redrive(path.redrive, context);
  c.problems.push(...outcome.violations);
  c.final = outcome.final;
  if (outcome.violations.length === 0) await path.settle?.(c.world, c.subject);
}

export async function explore(path: CrashPath, options: ExploreOptions): Promise<PathReport> {
  const started = Date.now();
  const worlds: World[] = [];
  try {
    const [clean] = await freshSubjects(path, worlds, options, 1);
    if (!clean) throw new Error('no clean subject');
    const event = await path.event(clean.world, clean.subject);
    const run = await clean.world.run([{ functionId: path.functionId, event, counted: true }]);
    const answer = answerOf(run.steps[0]);
    if (answer.error || (answer.status ?? 0) >= 300 || succeeded(answer, answer)) {
      throw new Error(
        `the clean run of ${path.id} failed: ${JSON.stringify(answer)}\n${run.output.slice(-2000)}`,
      );
    }
    await path.settle?.(clean.world, clean.subject);
    const calls = run.calls;

    const points = calls.flatMap((_, index) =>
      (['before', 'after'] as const).map((moment) => ({ k: index + 1, moment })),
    );
    const chosen = points.filter(
      ({ k, moment }) => options.only?.(k, moment, calls[k - 1] as CallLabel) ?? true,
    );
    const subjects = await freshSubjects(path, worlds, options, chosen.length);
    const cases: Case[] = chosen.map((point, i) => ({ ...point, ...(subjects[i] as Placed), problems: [] }));
    await pool(cases, options.concurrency, (c) => crashAndRecover(path, c, calls));

    if (path.publishes !== false) for (const world of worlds) await publishOutbox(world);
    const published = publishedEventIds();
    const tables = new Map<World, Record<string, unknown>[]>();
    for (const world of worlds) tables.set(world, await world.items());
    const expected = reference(clean.subject, answer, tables.get(clean.world) ?? []);
    const violations: Violation[] = expected.problems.map((problem) => ({
      problem: `clean run: ${problem}`,
    }));
    for (const c of cases) {
      const problems =
        c.problems.length > 0
          ? c.problems
          : judge(
              path,
              expected,
              c.subject,
              c.final,
              tables.get(c.world) ?? [],
              published,
              c.k === calls.length && c.moment === 'after',
            );
      violations.push(
        ...problems.map((problem) => ({ k: c.k, moment: c.moment, call: calls[c.k - 1], problem })),
      );
    }
    return { id: path.id, calls, crashPoints: cases.length, violations, ms: Date.now() - started };
  } finally {
    for (const world of worlds) await world.close();
  }
}
