/**
 * Headings of user text placed under the page's own: the page owns h1 and
 * h2, so the text's highest heading becomes an h3 and each lower level it
 * uses the next one down (to h6 at most). Levels the text skips are not
 * kept: a review whose only headings are `###` gets h3s, not h5s after the
 * page's h2, so the page's outline never jumps a level.
 */

/** The markdown tree as far as headings need it (mdast). */
interface MdNode {
  type: string;
  depth?: number;
  children?: MdNode[];
}

/** The first level user text's headings take. */
const FIRST_LEVEL = 3;
/** HTML's last heading level. */
const LAST_LEVEL = 6;

function headings(node: MdNode, out: MdNode[]): MdNode[] {
  if (node.type === 'heading') out.push(node);
  for (const child of node.children ?? []) headings(child, out);
  return out;
}

/** The level each heading depth the text uses is shown at, the highest first. */
export function headingLevels(depths: readonly number[]): Map<number, number> {
  const used = [...new Set(depths)].sort((a, b) => a - b);
  return new Map(used.map((depth, i) => [depth, Math.min(FIRST_LEVEL + i, LAST_LEVEL)]));
}

/** A remark plugin: the text's headings renumbered under the page's (see headingLevels). */
export function remarkHeadingLevels() {
  return (tree: unknown) => {
    const found = headings(tree as MdNode, []);
    const levels = headingLevels(found.map((h) => h.depth ?? 1));
    for (const heading of found) heading.depth = levels.get(heading.depth ?? 1);
  };
}
