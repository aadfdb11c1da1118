import {
  isTaskStatus,
  TASK_STATUSES,
  type TaskStatus,
} from '../../../functions/rules/account-task/account-task.js';
import { listTasks } from '../../../functions/store/account-task-read-store.js';
import { type Command, UsageError } from './command.js';

/** `task list CODE [--status S]`: the supplier's v2 account tasks, per status (an index query each). */
export const taskCommands: Command[] = [
  {
    name: ['task', 'list'],
    usage: `task list CODE [--status ${TASK_STATUSES.join('|')}]`,
    summary: 'list the v2 account import tasks of a supplier, per status',
    options: { status: { type: 'string' } },
    async run({ values, positionals }) {
      const supplier = positionals[0];
      if (!supplier) throw new UsageError('CODE is required');
      if (values.status !== undefined && !isTaskStatus(values.status)) {
        throw new UsageError(`--status must be one of ${TASK_STATUSES.join(', ')}`);
      }
      const statuses: readonly TaskStatus[] = values.status ? [values.status as TaskStatus] : TASK_STATUSES;
      for (const status of statuses) {
        const tasks = await listTasks(supplier, status);
        console.log(`${status}: ${tasks.length}`);
        for (const task of tasks) {
          const detail = [
            task.external_account_number,
            task.is_dry_run ? 'dry-run' : '',
            `window ${task.schedule_window_start}..${task.schedule_window_end}`,
            task.service_identifier ?? '',
            task.latest_error ? `error ${task.latest_error.code}` : '',
            `modified ${task.modified_at}`,
          ].filter(Boolean);
          console.log(`  ${detail.join('  ')}`);
        }
      }
      return 0;
    },
  },
];
