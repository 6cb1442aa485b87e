import { accountStatusLabel, contributorStatusLabels } from '@earmark/common';
import type { AdminAction, AuditEntry, ContributorStatus } from '@earmark/common';

export const ACTION_LABELS: Record<AdminAction, string> = {
  'contributor-status': 'Contributor status',
  'supporter-status': 'Supporter status',
  'account-status': 'Account status',
  notification: 'Message sent',
  merge: 'Merge',
  'process-pending-deletion': 'Pending deletion processed',
  'keep-pending-deletion': 'Pending deletion kept',
  report: 'Report closed',
};

/** How a recorded field's value reads: status numbers by their names, the rest as text. */
const VALUE_NAMES: Record<string, (value: number) => string> = {
  contributorStatus: (v) => contributorStatusLabels[v as ContributorStatus] ?? String(v),
  supporter: (v) => (v > 0 ? 'Supporter' : 'Not a supporter'),
  accountStatus: accountStatusLabel,
};

export function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  const name = VALUE_NAMES[key];
  if (name && typeof value === 'number') return name(value);
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** How recorded fields read; others show their key. */
const KEY_LABELS: Record<string, string> = {
  contributorStatus: 'Contributor status',
  supporter: 'Supporter status',
  accountStatus: 'Account status',
  message: 'Message',
  link: 'Link',
  notificationId: 'Notification',
};

/** One changed field of an audit entry: its key, what it was and what it became. */
export interface AuditChange {
  key: string;
  label: string;
  before: string | null;
  after: string | null;
}

/**
 * The fields an entry recorded, in the order they first appear: a status
 * change has both sides, a message only what was sent.
 */
export function auditChanges(entry: Pick<AuditEntry, 'before' | 'after'>): AuditChange[] {
  const keys = [
    ...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]),
  ];
  return keys.map((key) => ({
    key,
    label: KEY_LABELS[key] ?? key,
    before: entry.before && key in entry.before ? valueText(key, entry.before[key]) : null,
    after: entry.after && key in entry.after ? valueText(key, entry.after[key]) : null,
  }));
}
