import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStatus, ExplicitCoverArt } from '@earmark/common';
import { changeAccountStatus } from '../users/service';
import { member, type Member } from '../entries/test-support';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { createRelease } from '../../../test/catalogue-factories';
import { markdownText } from './page-meta';
import { makeList } from './test-support';

describe('list link previews', () => {
  let t: TestApp;
  let webDir: string;
  let owner: Member;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'earmark-web-'));
    fs.writeFileSync(
      path.join(webDir, 'index.html'),
      '<!doctype html><html><head><!--meta-start--><title>Earmark</title><!--meta-end--></head><body></body></html>',
    );
    t = await buildTestApp({ env: { WEB_DIST_DIR: webDir } });
    owner = await member(t, { name: 'Ada Lovelace' });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    return res.body;
  };
  const cover = { sm: 'lc-sm.webp', md: 'lc-md.webp', lg: 'lc-lg.webp', og: 'lc-og.jpg' };
  const generic = '<meta property="og:title" content="Earmark" />';
  const defaultImage =
    '<meta property="og:image" content="http://localhost:3000/og-default.png" />';

  it("fills a list page with its title, its description as text and its first release's cover", async () => {
    const first = await createRelease(t.db, { title: 'Low', cover });
    const second = await createRelease(t.db, { title: 'Heroes', cover: { ...cover, og: 'x.jpg' } });
    const id = await makeList(
      t,
      owner,
      {
        title: 'Berlin years',
        description:
          '## Why\n\nThree records made **far from home**, see [the notes](https://example.com).\n\n- Low\n- Heroes',
      },
      { releases: [first, second], publish: true },
    );
    for (const url of [`/list/${id}`, `/list/${id}/edit`]) {
      const html = await page(url);
      expect(html).toContain('<title>Berlin years | Earmark</title>');
      expect(html).toContain('<meta property="og:title" content="Berlin years | Earmark" />');
      expect(html).toContain(
        '<meta property="og:description" content="Why Three records made far from home, see the notes. Low Heroes" />',
      );
      expect(html).toContain(
        '<meta name="twitter:description" content="Why Three records made far from home, see the notes. Low Heroes" />',
      );
      expect(html).toContain(
        '<meta property="og:image" content="http://localhost:3000/media/covers/lc-og.jpg" />',
      );
      expect(html).toContain(
        '<meta name="twitter:image" content="http://localhost:3000/media/covers/lc-og.jpg" />',
      );
    }
  });

  it('says whose list it is and how long when it has no description, and cuts a long one', async () => {
    const plain = await createRelease(t.db, { title: 'No cover' });
    const bare = await makeList(t, owner, { title: 'Short' }, { releases: [plain], publish: true });
    const html = await page(`/list/${bare}`);
    expect(html).toContain(
      '<meta property="og:description" content="A list by Ada Lovelace · 1 release" />',
    );
    expect(html).toContain(defaultImage);

    const empty = await makeList(t, owner, { title: 'Empty' }, { publish: true });
    expect(await page(`/list/${empty}`)).toContain(
      '<meta property="og:description" content="A list by Ada Lovelace · 0 releases" />',
    );

    const long = await makeList(
      t,
      owner,
      { title: 'Long', description: 'word '.repeat(100) },
      { publish: true },
    );
    const cut = /<meta property="og:description" content="([^"]*)" \/>/.exec(
      await page(`/list/${long}`),
    )?.[1];
    expect(cut).toMatch(/^(word ){30,}word…$/);
    expect(cut!.length).toBeLessThanOrEqual(200);
  });

  it('escapes the title and keeps an explicit first cover out', async () => {
    const explicit = await createRelease(t.db, {
      cover,
      explicitCoverArt: [ExplicitCoverArt.NUDITY],
    });
    const id = await makeList(
      t,
      owner,
      { title: 'Rock & Roll <"Live">' },
      { releases: [explicit], publish: true },
    );
    const html = await page(`/list/${id}`);
    expect(html).toContain('<title>Rock &amp; Roll &lt;&quot;Live&quot;&gt; | Earmark</title>');
    expect(html).toContain(
      '<meta property="og:title" content="Rock &amp; Roll &lt;&quot;Live&quot;&gt; | Earmark" />',
    );
    expect(html).not.toContain('<"Live">');
    expect(html).toContain(defaultImage);
  });

  it('gives drafts, unknown ids and hidden owners’ lists the generic page', async () => {
    const release = await createRelease(t.db, { cover });
    const draft = await makeList(
      t,
      owner,
      { title: 'Secret draft', description: 'Not yet' },
      { releases: [release] },
    );
    const banned = await member(t, { name: 'Gone Person' });
    const hidden = await makeList(t, banned, { title: 'Banned list' }, { publish: true });
    await changeAccountStatus(t.app.writer, banned.user.id, AccountStatus.BANNED);
    for (const [url, title] of [
      [`/list/${draft}`, 'Secret draft'],
      [`/list/${hidden}`, 'Banned list'],
      ['/list/nope', ''],
    ] as const) {
      const html = await page(url);
      expect(html).toContain(generic);
      expect(html).toContain(defaultImage);
      if (title) expect(html).not.toContain(title);
    }
    expect(await page(`/list/${draft}`)).not.toContain('Not yet');
  });

  it('reads markdown as the page shows it', () => {
    expect(markdownText('# Title\n\nOne *two* `three`  \nfour <b>five</b>')).toBe(
      'Title One two three four five',
    );
    expect(
      markdownText('> quoted\n\n![cover](x.jpg) [link](https://a.b)\n\n---\n\n1. a\n2. b'),
    ).toBe('quoted link a b');
  });
});
