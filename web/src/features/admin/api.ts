import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AccountStatusInput,
  AdminNotificationInput,
  AdminUserReply,
  AuditPage,
  BadgeKind,
  BadgeUsersPage,
  CloseReportInput,
  Notification,
  ContributorStatusInput,
  ReportEntry,
  ReportStatus,
  ReportsPage,
  SupporterStatusInput,
} from '@earmark/common';
import { api } from '../../lib/api';
import { adminKeys, userKeys } from '../../lib/query-keys';

const enc = encodeURIComponent;

/* The admin's changes to a user. */

export const setContributorStatus = (input: ContributorStatusInput) =>
  api.patch<AdminUserReply>('/admin/user/contributor-status', input);

export const setSupporterStatus = (input: SupporterStatusInput) =>
  api.patch<AdminUserReply>('/admin/user/supporter-status', input);

export const setAccountStatus = (input: AccountStatusInput) =>
  api.patch<AdminUserReply>('/admin/user/account-status', input);

export const sendAdminNotification = (input: AdminNotificationInput) =>
  api.post<Notification>('/admin/user/notification', input);

/**
 * A status change shows on the profile, in badge lists and the audit log.
 * Account status also decides whose content shows anywhere (a ban hides a
 * member's reviews, ratings, lists and comments), so it refreshes everything.
 */
export function useSetUserStatus<I>(
  call: (input: I) => Promise<AdminUserReply>,
  scope: 'user' | 'everything',
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () =>
      scope === 'everything'
        ? queryClient.invalidateQueries()
        : Promise.all([
            queryClient.invalidateQueries({ queryKey: userKeys.all }),
            queryClient.invalidateQueries({ queryKey: adminKeys.all }),
          ]),
  });
}

export function useSendAdminNotification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendAdminNotification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
  });
}

/* The reports queue. */

export const fetchReports = (status: ReportStatus, cursor: string | null, signal?: AbortSignal) =>
  api.get<ReportsPage>('/admin/reports', { query: { status, cursor }, signal });

export const reportsInfiniteQueryOptions = (status: ReportStatus) =>
  infiniteQueryOptions({
    queryKey: adminKeys.reports(status),
    queryFn: ({ pageParam, signal }) => fetchReports(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

export const closeReport = ({ id, ...input }: CloseReportInput & { id: string }) =>
  api.patch<ReportEntry>(`/admin/reports/${enc(id)}`, input);

/** Closing a report moves it from the open tab to its closed one, and into the audit log. */
export function useCloseReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeReport,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.reportLists() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
      ]),
  });
}

/* The audit log. */

export const fetchAudit = (cursor: string | null, signal?: AbortSignal) =>
  api.get<AuditPage>('/admin/audit', { query: { cursor }, signal });

export const auditInfiniteQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: adminKeys.audit(),
    queryFn: ({ pageParam, signal }) => fetchAudit(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });

/* The people with a badge (support and contributing pages). */

export const fetchBadgeUsers = (type: BadgeKind, page: number, signal?: AbortSignal) =>
  api.get<BadgeUsersPage>('/users', { query: { type, page }, signal });

/** Supporters or trusted contributors, page by page. */
export const badgeUsersInfiniteQueryOptions = (type: BadgeKind) =>
  infiniteQueryOptions({
    queryKey: userKeys.badge(type),
    queryFn: ({ pageParam, signal }) => fetchBadgeUsers(type, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.currentPage < last.totalPages ? last.currentPage + 1 : undefined,
  });
