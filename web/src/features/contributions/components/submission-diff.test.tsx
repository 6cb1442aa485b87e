import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { SubmissionDiffEntry } from '@earmark/common';
import { SubmissionDiff } from './submission-diff';

afterEach(cleanup);

const cover = (name: string) => ({
  sm: `/media/${name}-sm.jpg`,
  md: `/media/${name}-md.jpg`,
  lg: `/media/${name}-lg.jpg`,
  og: `/media/${name}-og.jpg`,
});

/** The value shown beside a field's name. */
function valueOf(label: string): HTMLElement {
  const term = screen.getByText(label, { selector: 'dt' });
  return term.nextElementSibling as HTMLElement;
}

describe('SubmissionDiff', () => {
  it('shows texts before and after, and None for a cleared value', () => {
    const diff: SubmissionDiffEntry[] = [
      { kind: 'text', field: 'title', label: 'Title', before: 'Old', after: 'New' },
      { kind: 'text', field: 'bio', label: 'Bio', before: 'Some words', after: null },
      { kind: 'text', field: 'name', label: 'Name', before: null, after: 'Fresh' },
    ];
    render(<SubmissionDiff diff={diff} />);
    expect(within(valueOf('Title')).getByText('Old').tagName).toBe('DEL');
    expect(within(valueOf('Title')).getByText('New').tagName).toBe('INS');
    expect(within(valueOf('Bio')).getByText('None')).toBeTruthy();
    expect(within(valueOf('Name')).queryByText('Before')).toBeNull();
    expect(within(valueOf('Name')).getByText('Fresh')).toBeTruthy();
  });

  it('lists the names added to and removed from a set', () => {
    render(
      <SubmissionDiff
        diff={[
          {
            kind: 'set',
            field: 'artists',
            label: 'Artists',
            added: ['Mira Vale', 'Ben Carter'],
            removed: ['Old Name'],
          },
        ]}
      />,
    );
    const value = valueOf('Artists');
    const added = within(value).getByRole('list', { name: 'Added' });
    expect(
      within(added)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Mira Vale', 'Ben Carter']);
    const removed = within(value).getByRole('list', { name: 'Removed' });
    expect(within(removed).getByText('Old Name')).toBeTruthy();
  });

  it('shows the tracks added, removed, renamed, retimed and reordered with m:ss lengths', () => {
    render(
      <SubmissionDiff
        diff={[
          {
            kind: 'tracks',
            field: 'tracks',
            label: 'Tracks',
            added: [{ track: '5', title: 'Coda', durationMs: 95_000 }],
            removed: [{ track: '4', title: 'Interlude', durationMs: null }],
            renamed: [{ track: '2', before: 'Intro', after: 'Overture' }],
            retimed: [{ track: '3', title: 'Long One', before: 3_600_000, after: 3_725_000 }],
            reordered: true,
          },
        ]}
      />,
    );
    const value = valueOf('Tracks');
    expect(within(value).getByRole('list', { name: 'Added tracks' }).textContent).toBe(
      '5. Coda (1:35)',
    );
    expect(within(value).getByRole('list', { name: 'Removed tracks' }).textContent).toBe(
      '4. Interlude',
    );
    expect(within(value).getByRole('list', { name: 'Renamed tracks' }).textContent).toBe(
      '2. Intro → Overture',
    );
    expect(within(value).getByRole('list', { name: 'Length changed tracks' }).textContent).toBe(
      '3. Long One: 1:00:00 → 1:02:05',
    );
    expect(within(value).getByText('Tracks were reordered or renumbered.')).toBeTruthy();
  });

  it('shows the cover before and after as images', () => {
    render(
      <SubmissionDiff
        diff={[
          { kind: 'cover', field: 'cover', label: 'Cover', before: null, after: cover('new') },
        ]}
      />,
    );
    const value = valueOf('Cover');
    expect(within(value).getByText('No cover')).toBeTruthy();
    expect(within(value).getByRole('img', { name: 'Cover after' }).getAttribute('src')).toBe(
      '/media/new-md.jpg',
    );
  });

  it('says when nothing changed', () => {
    render(<SubmissionDiff diff={[]} />);
    expect(screen.getByText('No changes')).toBeTruthy();
  });
});
