import type { MergeReply } from '@earmark/common';
import type { TestApp } from '../../../test/helpers';
import { call, type Member } from '../entries/test-support';

/** GET admin/merge/preview as `who`. */
export const mergePreview = (t: TestApp, who: Member | null, q: Record<string, string>) =>
  call(t, who, 'GET', `/admin/merge/preview?${new URLSearchParams(q).toString()}`);

/** POST admin/merge as `who`. */
export const mergeEntities = (t: TestApp, who: Member | null, body: object) =>
  call(t, who, 'POST', '/admin/merge', body);

/** How many of one kind of reference a merge reply moves. */
export const countOf = (reply: MergeReply, key: string) =>
  reply.moves.find((m) => m.key === key)?.count;
