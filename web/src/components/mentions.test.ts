import { describe, expect, it } from 'vitest';
import { remarkMentions, splitMentions } from './mentions';

const linksIn = (text: string) =>
  (splitMentions(text) ?? []).filter((node) => node.type === 'link').map((node) => node.url);

describe('mentions', () => {
  it('finds @username after a space or punctuation, without a closing full stop', () => {
    expect(linksIn('thanks @mira.')).toEqual(['/mira']);
    expect(linksIn('@ben_c, (@Cara-1) and @d.o.t!')).toEqual(['/ben_c', '/Cara-1', '/d.o.t']);
  });

  it('keeps the text around a mention', () => {
    expect(splitMentions('hi @mira, bye')).toEqual([
      { type: 'text', value: 'hi ' },
      { type: 'link', url: '/mira', children: [{ type: 'text', value: '@mira' }] },
      { type: 'text', value: ', bye' },
    ]);
  });

  it('ignores email addresses, paths, too short and too long names', () => {
    expect(splitMentions('mail ana@example.com or see /x/@abc')).toBeNull();
    expect(splitMentions('@ab is short')).toBeNull();
    expect(splitMentions(`@${'a'.repeat(31)}`)).toBeNull();
  });

  it('leaves code and existing links alone', () => {
    const tree = {
      type: 'root',
      children: [
        {
          type: 'paragraph',
          children: [
            { type: 'inlineCode', value: '@mira' },
            { type: 'link', url: '/x', children: [{ type: 'text', value: '@ben' }] },
            { type: 'text', value: ' @cara' },
          ],
        },
      ],
    };
    remarkMentions()(tree);
    const paragraph = tree.children[0]!.children;
    expect(paragraph.map((node) => node.type)).toEqual(['inlineCode', 'link', 'text', 'link']);
    expect(paragraph[1]).toEqual({
      type: 'link',
      url: '/x',
      children: [{ type: 'text', value: '@ben' }],
    });
    expect((paragraph[3] as { url: string }).url).toBe('/cara');
  });
});
