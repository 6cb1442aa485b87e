import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import {
  classifyLink,
  EXTERNAL_LINK_REL,
  Markdown,
  markdownExcerpt,
  markdownToPlainText,
} from './markdown';

// The parser loads lazily; load it once so a cold transform does not time out the first query.
beforeAll(async () => {
  await import('./markdown-renderer');
});

afterEach(cleanup);

const HOST = window.location.host;

function renderMarkdown(source: string) {
  const router = createMemoryRouter([{ path: '*', element: <Markdown>{source}</Markdown> }]);
  const utils = render(<RouterProvider router={router} />);
  return { ...utils, router };
}

/** Waits for the lazily loaded parser to replace the plain-text fallback. */
async function rendered(container: HTMLElement, selector: string) {
  await screen.findByText((_, el) => el?.matches(selector) ?? false);
  return container;
}

describe('classifyLink', () => {
  it('keeps paths and links to our own host inside the app', () => {
    expect(classifyLink('/release/r1')).toEqual({ kind: 'route', to: '/release/r1' });
    expect(classifyLink(`http://${HOST}/review/e1?x=1#c`)).toEqual({
      kind: 'route',
      to: '/review/e1?x=1#c',
    });
  });

  it('sends files the server answers itself to the document, not the router', () => {
    expect(classifyLink('/media/covers/a.webp')).toEqual({
      kind: 'document',
      href: '/media/covers/a.webp',
    });
    expect(classifyLink('#notes')).toEqual({ kind: 'document', href: '#notes' });
  });

  it('treats other hosts, protocol-relative links and bare domains as external', () => {
    expect(classifyLink('https://example.com/a')).toEqual({
      kind: 'external',
      href: 'https://example.com/a',
    });
    expect(classifyLink('//evil.example/x')).toMatchObject({ kind: 'external' });
    expect(classifyLink('/\\evil.example/x')).toMatchObject({ kind: 'external' });
    expect(classifyLink('www.example.com/page')).toEqual({
      kind: 'external',
      href: 'https://www.example.com/page',
    });
    expect(classifyLink(`https://${window.location.hostname}.example.com/`)).toMatchObject({
      kind: 'external',
    });
  });

  it('gives nothing for an empty target', () => {
    expect(classifyLink('')).toBeNull();
    expect(classifyLink(undefined)).toBeNull();
  });
});

describe('Markdown', () => {
  it('renders internal links with the router and external ones in a new tab', async () => {
    const { router } = renderMarkdown(
      `See [the album](/release/r1), [our review](http://${HOST}/review/e1) and [elsewhere](https://example.com/x).`,
    );
    const internal = await screen.findByRole('link', { name: 'the album' });
    expect(internal.getAttribute('href')).toBe('/release/r1');
    expect(internal.getAttribute('target')).toBeNull();

    const ownHost = screen.getByRole('link', { name: 'our review' });
    expect(ownHost.getAttribute('href')).toBe('/review/e1');
    expect(ownHost.getAttribute('target')).toBeNull();

    const external = screen.getByRole('link', { name: /elsewhere/ });
    expect(external.getAttribute('href')).toBe('https://example.com/x');
    expect(external.getAttribute('target')).toBe('_blank');
    expect(external.getAttribute('rel')).toBe(EXTERNAL_LINK_REL);

    // An internal link navigates in place.
    internal.click();
    expect(router.state.location.pathname).toBe('/release/r1');
  });

  it('shows images as links named by their alt text, never as images', async () => {
    const { container } = renderMarkdown(
      '![Cover scan](https://example.com/cover.jpg) and ![](https://example.com/b.png)',
    );
    const named = await screen.findByRole('link', { name: /Cover scan/ });
    expect(named.getAttribute('href')).toBe('https://example.com/cover.jpg');
    expect(named.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: /example\.com\/b\.png/ })).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });

  it('does not nest a link inside a link for a linked image', async () => {
    const { container } = renderMarkdown('[![Poster](https://example.com/p.png)](/release/r1)');
    const link = await screen.findByRole('link', { name: 'Poster' });
    expect(link.getAttribute('href')).toBe('/release/r1');
    expect(container.querySelectorAll('a')).toHaveLength(1);
    expect(container.querySelector('img')).toBeNull();
  });

  it('never renders raw HTML', async () => {
    const { container } = renderMarkdown(
      'Hello <script>alert(1)</script> <img src=x onerror="alert(2)"> <b>bold?</b>\n\n<div onclick="x()">block</div>\n\n**real bold**',
    );
    await rendered(container, 'strong');
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('[onclick]')).toBeNull();
    expect(container.querySelector('[onerror]')).toBeNull();
    expect(container.innerHTML).not.toContain('onerror');
    expect(screen.getByText('real bold').tagName).toBe('STRONG');
  });

  it('drops unsafe link schemes', async () => {
    const { container } = renderMarkdown('[click](javascript:alert(1)) **done**');
    await rendered(container, 'strong');
    expect(screen.getByText('click').closest('a')).toBeNull();
    expect(container.innerHTML).not.toContain('javascript:');
  });

  it('demotes headings below the page headings', async () => {
    const { container } = renderMarkdown('# Big\n\n## Smaller\n\n### Small\n\n#### Tiny');
    expect((await screen.findByText('Big')).tagName).toBe('H3');
    expect(screen.getByText('Smaller').tagName).toBe('H4');
    expect(screen.getByText('Small').tagName).toBe('H5');
    expect(screen.getByText('Tiny').tagName).toBe('H6');
    expect(container.querySelector('h1, h2')).toBeNull();
  });

  it('starts a text whose headings are all low at h3, with no level skipped', async () => {
    renderMarkdown('Intro\n\n### Lyrics\n\n> ##### Sung\n\n### Sleeve');
    expect((await screen.findByText('Lyrics')).tagName).toBe('H3');
    expect(screen.getByText('Sung').tagName).toBe('H4');
    expect(screen.getByText('Sleeve').tagName).toBe('H3');
  });
});

describe('markdownToPlainText', () => {
  it('keeps the words and drops the markup', () => {
    expect(
      markdownToPlainText(
        '# Title\n\n> A **bold** and _quiet_ record, see [this](https://x.y).\n\n- one\n- two `code`\n\n![art](a.png) <b>tag</b>',
      ),
    ).toBe('Title\n\nA bold and quiet record, see this.\n\none\ntwo code\n\nart tag');
  });

  it('leaves snake_case names and plain text alone', () => {
    expect(markdownToPlainText('my_track_name is 3 * 4 long')).toBe('my_track_name is 3 * 4 long');
  });
});

describe('markdownExcerpt', () => {
  it('returns short text whole, on one line', () => {
    expect(markdownExcerpt('Short\n\n*review*')).toBe('Short review');
  });

  it('ends headings and list items with a full stop so they do not run together', () => {
    expect(
      markdownExcerpt('# Verdict\n\nGood.\n\n## Best bits!\n\n- one\n- two, three;\n1. four'),
    ).toBe('Verdict. Good. Best bits! one. two, three; four.');
  });

  it('cuts long text at a word with an ellipsis', () => {
    const excerpt = markdownExcerpt('word '.repeat(100), 42);
    expect(excerpt.endsWith('word…')).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(43);
  });
});
