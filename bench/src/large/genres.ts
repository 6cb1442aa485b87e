import { genreModifiers, genreRoots } from './words';

/** Root genres, then each modifier with each root ('Post-Punk', 'Dark Ambient'...). */
export const genreRows: string[] = [...genreRoots];

/** [child, parent] as 1-based positions in genreRows: each sub-genre under its root. */
export const genreParentRows: [number, number][] = [];

for (const m of genreModifiers) {
  genreRoots.forEach((root, ri) => {
    if (m === root) return;
    genreRows.push(m.endsWith('-') ? `${m}${root}` : `${m} ${root}`);
    genreParentRows.push([genreRows.length, ri + 1]);
  });
}
