import { withAccountUnderPayload } from '../account-validation/account-request-validators.js';
import { ValidationError } from '../errors.js';
import { accountTaskRequest, accountTaskSummary, underPayload } from '../http/account-task-request.js';
import { apiHandler } from '../http/api-handler.js';
import { answerOf } from '../http/idempotency.js';
import { warningsField } from '../rules/account/validate-account.js';
import { taskStatusObject } from '../rules/account-task/account-task.js';
import { scheduleWindow } from '../rules/account-task/schedule-window.js';
import { checkAccountForSupplier } from '../use-cases/account-checks.js';
import { scheduleAccountTask } from '../use-cases/schedule-account-task.js';
import { validate } from '../validation/generated/account-task-schedule.js';

/**
 * `POST /v2/data-import/accounts/`: schedules an account import task within a window.
 * 201 a new task, 200 when it replaces the account's PENDING task; body: the status object.
 */
export const handler = apiHandler(
  accountTaskRequest(withAccountUnderPayload(validate)),
  async ({ body, supplier }) => {
    const now = new Date();
    const window = scheduleWindow(body.task_params, now);
    const { errors, account, warnings } = await checkAccountForSupplier(body.payload, supplier, now);
    const fieldErrors = [...(window.ok ? [] : window.errors), ...underPayload(errors)];
    if (!window.ok || fieldErrors.length > 0) {
      const { code, detail } = accountTaskSummary(fieldErrors);
      throw new ValidationError(fieldErrors, code, detail);
    }
    return answerOf(
      ({ outcome, task }) => ({
        statusCode: outcome === 'created' ? 201 : 200,
        body: { ...taskStatusObject(task), ...warningsField(underPayload(warnings)) },
      }),
      () =>
        scheduleAccountTask({
          supplier: supplier.code,
          account,
          isDryRun: body.task_params.is_dry_run ?? false,
          window: { start: window.start, end: window.end },
          now,
        }),
    );
  },
);
