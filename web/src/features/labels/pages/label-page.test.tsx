import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { Label } from '@earmark/common';
import { json, mockApi, signedOut } from '../../../test/fetch-mock';
import { renderApp } from '../../../test/render-app';
import { makePage, makeReleaseSummary } from '../../releases/test-support';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const label: Label = { id: 'l1', name: 'Northern Lights', nameLatin: null, releasesCount: 2 };

describe('label page', () => {
  it('shows the label with its upcoming and released releases', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/labels/l1': json(200, label),
      'GET /api/releases': (url) =>
        json(
          200,
          url.searchParams.get('type') === 'upcoming'
            ? makePage([makeReleaseSummary({ id: 'u1', title: 'Next Year' })])
            : makePage([makeReleaseSummary({ id: 'n1', title: 'Last Year' })]),
        ),
    });
    renderApp('/label/l1');

    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Northern Lights');
    expect(screen.getByText('2 releases')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Next Year' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Last Year' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Upcoming' })).toBeTruthy();
  });

  it('leaves the upcoming section out when nothing is coming', async () => {
    mockApi({
      'GET /api/users/me': signedOut,
      'GET /api/labels/l1': json(200, label),
      'GET /api/releases': (url) =>
        json(
          200,
          makePage(
            url.searchParams.get('type') === 'upcoming'
              ? []
              : [makeReleaseSummary({ id: 'n1', title: 'Last Year' })],
          ),
        ),
    });
    renderApp('/label/l1');
    expect(await screen.findByRole('link', { name: 'Last Year' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Upcoming' })).toBeNull();
  });
});
