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
    expect(url.searchParams.get('page')).toBe('1');
    expect(url.searchParams.get('pageSize')).toBe('48');

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

  it('shows the 404 page for an unknown list', async () => {
    mockApi({ 'GET /api/users/me': signedOut });
    renderApp('/releases/best');
    expect(await screen.findByText('404: Not found')).toBeTruthy();
  });
});
