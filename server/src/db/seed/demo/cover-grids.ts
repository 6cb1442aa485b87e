import { contrasting, otherInk, ramp } from './cover-palettes';
import { n, SIZE, type CoverStyle } from './cover-svg';

/** Cover styles laid out on a grid of cells: tiles, arches, triangles and dots. */

export const bauhaus: CoverStyle = (rng, { bg, inks }) => {
  const cells = rng.pick([2, 3, 3, 4, 4, 5]);
  const size = SIZE / cells;
  const all = [bg, ...inks];
  let body = '';
  for (let row = 0; row < cells; row++) {
    for (let col = 0; col < cells; col++) {
      const x = col * size;
      const y = row * size;
      const ground = rng.pick(all);
      const ink = otherInk(rng, all, ground);
      body += `<rect x="${n(x)}" y="${n(y)}" width="${n(size + 1)}" height="${n(size + 1)}" fill="${ground}"/>`;
      const kind = rng.int(0, 5);
      if (kind === 0) {
        body += `<circle cx="${n(x + size / 2)}" cy="${n(y + size / 2)}" r="${n(size * 0.42)}" fill="${ink}"/>`;
      } else if (kind === 1) {
        // Quarter disc with its centre on a corner of the cell.
        const sx = rng.chance(0.5) ? 1 : -1;
        const sy = rng.chance(0.5) ? 1 : -1;
        const cx = sx > 0 ? x : x + size;
        const cy = sy > 0 ? y : y + size;
        body += `<path d="M${n(cx)} ${n(cy)} L${n(cx + sx * size)} ${n(cy)} A${n(size)} ${n(size)} 0 0 ${sx * sy > 0 ? 1 : 0} ${n(cx)} ${n(cy + sy * size)} Z" fill="${ink}"/>`;
      } else if (kind === 2) {
        const flip = rng.chance(0.5);
        body += `<path d="M${n(x)} ${n(flip ? y : y + size)} L${n(x + size)} ${n(y)} L${n(x + size)} ${n(y + size)} L${n(x)} ${n(y + size)} Z" transform="rotate(${rng.int(0, 3) * 90} ${n(x + size / 2)} ${n(y + size / 2)})" fill="${ink}"/>`;
      } else if (kind === 3) {
        const r = size / 2;
        body += `<path d="M${n(x)} ${n(y + size)} A${n(r)} ${n(r)} 0 0 1 ${n(x + size)} ${n(y + size)} Z" transform="rotate(${rng.int(0, 3) * 90} ${n(x + size / 2)} ${n(y + size / 2)})" fill="${ink}"/>`;
      } else if (kind === 4) {
        body += `<circle cx="${n(x + size / 2)}" cy="${n(y + size / 2)}" r="${n(size * 0.32)}" fill="none" stroke="${ink}" stroke-width="${n(size * 0.12)}"/>`;
      }
    }
  }
  return { defs: '', body };
};

export const arches: CoverStyle = (rng, { bg, inks }) => {
  const cells = rng.pick([1, 2, 2, 3]);
  const size = SIZE / cells;
  const bands = rng.int(3, 6);
  const all = [bg, ...inks];
  let body = '';
  for (let row = 0; row < cells; row++) {
    for (let col = 0; col < cells; col++) {
      const x = col * size;
      const y = row * size;
      const ground = cells === 1 ? bg : rng.pick(all);
      const colours = rng.shuffle(all.filter((c) => c !== ground));
      // The arch stands on a pillar that reaches the bottom of its cell.
      const base = y + size * rng.range(0.55, cells === 1 ? 0.8 : 1);
      const r = size * 0.46;
      const cx = x + size / 2;
      body += `<rect x="${n(x)}" y="${n(y)}" width="${n(size + 1)}" height="${n(size + 1)}" fill="${ground}"/>`;
      body += `<rect x="${n(cx - r)}" y="${n(base - 1)}" width="${n(2 * r)}" height="${n(y + size - base + 1)}" fill="${colours[0]}"/>`;
      for (let b = 0; b < bands; b++) {
        const rb = r * (1 - b / bands);
        body += `<path d="M${n(cx - rb)} ${n(base)} A${n(rb)} ${n(rb)} 0 0 1 ${n(cx + rb)} ${n(base)} Z" fill="${b === bands - 1 ? ground : colours[b % colours.length]}"/>`;
      }
    }
  }
  return { defs: '', body };
};

export const mosaic: CoverStyle = (rng, { bg, inks }) => {
  const cells = rng.int(5, 9);
  const size = SIZE / cells;
  const stops = [bg, inks[0]!, inks[1]!, inks[2] ?? bg];
  const angle = rng.range(0, Math.PI * 2);
  const dx = Math.cos(angle);
  const dy = Math.sin(angle);
  let body = '';
  for (let row = 0; row < cells; row++) {
    for (let col = 0; col < cells; col++) {
      const x = col * size;
      const y = row * size;
      const t = ((col / cells - 0.5) * dx + (row / cells - 0.5) * dy) / 1.42 + 0.5;
      const a = ramp(stops, t + rng.range(-0.06, 0.06));
      const b = ramp(stops, t + rng.range(0.02, 0.14));
      const flip = rng.chance(0.5);
      const [p, q] = flip
        ? [`${n(x)} ${n(y)}`, `${n(x + size)} ${n(y + size)}`]
        : [`${n(x + size)} ${n(y)}`, `${n(x)} ${n(y + size)}`];
      const r1 = flip ? `${n(x + size)} ${n(y)}` : `${n(x)} ${n(y)}`;
      const r2 = flip ? `${n(x)} ${n(y + size)}` : `${n(x + size)} ${n(y + size)}`;
      body += `<path d="M${p} L${r1} L${q} Z" fill="${a}" stroke="${a}" stroke-width="1"/>`;
      body += `<path d="M${p} L${r2} L${q} Z" fill="${b}" stroke="${b}" stroke-width="1"/>`;
    }
  }
  return { defs: '', body };
};

export const halftone: CoverStyle = (rng, scheme) => {
  const cells = rng.int(14, 24);
  const size = SIZE / cells;
  const fx = rng.range(0, SIZE);
  const fy = rng.range(0, SIZE);
  const waves = rng.chance(0.5);
  const freq = rng.range(2, 5);
  // Dots must read against the ground, so only the two most contrasting inks.
  const colours = contrasting(scheme).slice(0, 2);
  let body = '';
  for (let row = 0; row < cells; row++) {
    for (let col = 0; col < cells; col++) {
      const x = col * size + size / 2;
      const y = row * size + size / 2;
      const t = waves
        ? 0.5 + 0.5 * Math.sin((x / SIZE) * freq * Math.PI + Math.cos((y / SIZE) * freq) * 2)
        : 1 - Math.min(1, Math.hypot(x - fx, y - fy) / 900);
      const r = (size / 2) * (0.2 + 0.78 * t);
      body += `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${colours[(row + col) % 2 === 0 || !waves ? 0 : 1] ?? colours[0]}"/>`;
    }
  }
  return { defs: '', body };
};
