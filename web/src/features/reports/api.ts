import { useMutation } from '@tanstack/react-query';
import type { CreateReportInput } from '@earmark/common';
import { api } from '../../lib/api';

export const createReport = (input: CreateReportInput) =>
  api.post<{ id: string }>('/reports', input);

/** Reports something to the moderators; the dialog shows a refusal itself. */
export function useCreateReport() {
  return useMutation({ mutationFn: createReport, meta: { silentError: true } });
}
