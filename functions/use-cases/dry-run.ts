/**
 * Dry runs of the post-import POSTs: `"dry_run": true` runs every check a real call makes
 * (documents in the file store, the payment vendor, which records already exist) and keeps and
 * emits nothing. Use cases take this option and skip their store writes and events.
 */
export interface DryRunOption {
  dryRun?: boolean;
}
