import type { ScheduledEvent } from 'aws-lambda';
import { backgroundHandler } from '../adapters/aws/background-handler.js';
import { cancelExpiredImportProcesses } from '../use-cases/expire-import-processes.js';

/**
 * Scheduled: cancels staged import processes left unprocessed past their supplier's expiry
 * window (default 30 days; `supplier put --expiry-days N`). The run time is the event's
 * `time` when given, so a replayed schedule sees the clock it was scheduled with.
 */
export const handler = backgroundHandler(async (event: Partial<ScheduledEvent> | undefined) => {
  const at = event?.time ? new Date(event.time) : new Date();
  const now = Number.isNaN(at.getTime()) ? new Date() : at;
  const reports = await cancelExpiredImportProcesses(now);
  return { cancelled: reports.reduce((total, report) => total + report.cancelled.length, 0), reports };
});
