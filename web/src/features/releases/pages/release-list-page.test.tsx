import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { json, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makePage, makeReleaseSummary } from '../test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('release lists', () => {
  it('redirects /releases to the new releases', async () => {
    mockApi({ 'GET /api/users/me': signedOut, 'GET /api/releases': json(200, makePage([])) });
    const { router } = renderApp('/releases');
    await waitFor(() => expect(router.state.location.pathname).toBe('/releases/new'));
  });

  it('says when a list is empty', async () => {
    mockApi({ 'GET /api/users/me': signedOut, 'GET /api/releases': json(200, makePage([])) });
    renderApp('/releases/upcoming');
    expect(await screen.findByText('There are no releases')).toBeTruthy();
    expect(document.title).toBe('Upcoming releases | Earmark');
  });

  it('says why an empty top list is empty', async () => {
    mockApi({ 'GET /api/users/me': signedOut, 'GET /api/releases': json(200, makePage([])) });
    renderApp('/releases/top-oty');
    expect(await screen.findByText('There are no releases')).toBeTruthy();
    expect(screen.getByText('Releases need at least 10 ratings this year to chart')).toBeTruthy();
  });

  it('asks for the list of its tab and shows the cards', async () => {
    const fetchMock = mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/releases': json(
        200,
        makePage([makeReleaseSummary(), makeReleaseSummary({ id: 'r2', title: 'Second Light' })]),
      ),
    });
    renderApp('/releases/top');

    expect(await screen.findByRole('link', { name: 'Second Light' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Top releases' })).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => String(url).startsWith('/api/releases'));
    const url = new URL(String(call?.[0]), 'http://localhost');
    expect(url.searchParams.get('type')).toBe('top');
    expect(url.searchParams.get('pageSize')).toBe('48');
    // The first page needs no cursor (nor a page number).
    expect(url.searchParams.has('cursor')).toBe(false);
    expect(url.searchParams.has('page')).toBe(false);

    const tabs = screen.getByRole('navigation', { name: 'Release lists' });
    expect(
      Array.from(tabs.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['New', '/releases/new'],
      ['Popular', '/releases/popular'],
      ['Recently added', '/releases/recently-added'],
      ['Upcoming', '/releases/upcoming'],
      ['Top', '/releases/top'],
      ['Top of the year', '/releases/top-oty'],
    ]);
    expect(screen.getByRole('link', { name: 'Top' }).getAttribute('aria-current')).toBe('page');
  });

  it('scrolls on with the cursor each page gives, and stops when there is none', async () => {
    // The end of the grid is always in view here, as on a tall screen.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly report: IntersectionObserverCallback) {}
        observe() {
          this.report([{ isIntersecting: true } as IntersectionObserverEntry], this as never);
        }
        disconnect() {}
      },
    );
    const asked: (string | null)[] = [];
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/releases': (url) => {
        const cursor = url.searchParams.get('cursor');
        asked.push(cursor);
        const fields = { totalItems: 3, totalPages: 3, itemsPerPage: 1 };
        if (cursor === null) {
          return json(200, makePage([makeReleaseSummary()], { ...fields, nextCursor: 'c-2' }));
        }
        if (cursor === 'c-2') {
          return json(
            200,
            makePage([makeReleaseSummary({ id: 'r2', title: 'Second Light' })], {
              ...fields,
              currentPage: 2,
              nextCursor: 'c-3',
            }),
          );
        }
        return json(
          200,
          makePage([makeReleaseSummary({ id: 'r3', title: 'Third Wave' })], {
            ...fields,
            currentPage: 3,
          }),
        );
      },
    });
    renderApp('/releases/new');

    expect(await screen.findByRole('link', { name: 'Third Wave' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Second Light' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Blue Hour' })).toBeTruthy();
    // Give a fourth request the chance to go out: there must be none.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([null, 'c-2', 'c-3']);
  });

  it('shows the 404 page for an unknown list', async () => {
    mockApi({ 'GET /api/users/me': signedOut });
    renderApp('/releases/best');
    expect(await screen.findByText('404: Not found')).toBeTruthy();
  });
});
