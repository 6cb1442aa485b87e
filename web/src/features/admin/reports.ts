import type { ReportStatus, ReportType } from '@earmark/common';

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  open: 'Open',
  resolved: 'Resolved',
  dismissed: 'Dismissed',
};

/** What kind of thing a report is about, as a reader names it. */
export const REPORT_TYPE_LABELS: Record<ReportType, string> = {
  release: 'Release',
  artist: 'Artist',
  label: 'Label',
  user: 'Profile',
  review: 'Review',
  list: 'List',
  comment: 'Comment',
};

/** The note to send: blank means none. */
export const noteOrNull = (text: string): string | null => text.trim() || null;
