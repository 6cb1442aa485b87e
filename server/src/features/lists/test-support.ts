/** Test support for the lists tests: making lists and reading them through the API. */
import type { CreateListInput, List, PagedListItems, PagedLists } from '@earmark/common';
import { call, ok, type Member } from '../entries/test-support';
import type { TestApp } from '../../../test/helpers';

export async function makeList(
  t: TestApp,
  who: Member,
  input: Partial<CreateListInput> = {},
  opts: { publish?: boolean; releases?: readonly { id: string }[] } = {},
): Promise<string> {
  const { createList } = await ok<{ createList: { id: string } }>(
    call(t, who, 'POST', '/lists', { title: 'Records for a rainy Sunday', ...input }),
    201,
  );
  for (const release of opts.releases ?? []) {
    await ok(call(t, who, 'POST', `/lists/${createList.id}/items`, { releaseId: release.id }), 201);
  }
  if (opts.publish) await ok(call(t, who, 'PATCH', `/lists/${createList.id}/publish`));
  return createList.id;
}

export const getList = (t: TestApp, who: Member | null, id: string) =>
  ok<List>(call(t, who, 'GET', `/lists/${id}`));

export const itemsOf = (t: TestApp, who: Member | null, id: string, page = 1) =>
  ok<PagedListItems>(call(t, who, 'GET', `/lists/${id}/items?page=${page}`));

/** The ids of a page of GET lists with that query string. */
export async function listIds(t: TestApp, who: Member | null, query: string): Promise<string[]> {
  const page = await ok<PagedLists>(call(t, who, 'GET', `/lists?${query}`));
  return page.lists.map((l) => l.id);
}
