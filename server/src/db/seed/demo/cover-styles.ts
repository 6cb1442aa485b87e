import { luminance as luminanceOf, mix, ramp, saturation } from './cover-palettes';
import { arches, bauhaus, halftone, mosaic } from './cover-grids';
import { n, SIZE, wavyPath, type CoverStyle } from './cover-svg';

/** Free-form cover styles, and the registry of every style. */

const rings: CoverStyle = (rng, { inks }) => {
  const cx = rng.pick([500, rng.range(200, 800), rng.pick([0, 1000])]);
  const cy = rng.pick([500, rng.range(200, 800), rng.pick([0, 1000])]);
  const step = rng.range(28, 70);
  const colours = rng.shuffle(inks).slice(0, rng.int(2, 4));
  let ringsSvg = '';
  // Largest first so each smaller disc paints over the previous one.
  const count = Math.ceil(1500 / step);
  for (let i = count; i > 0; i--) {
    ringsSvg += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(i * step)}" fill="${colours[i % colours.length]}"/>`;
  }
  if (!rng.chance(0.5)) return { defs: '', body: ringsSvg };
  // Split variant: one half slides along, like a misregistered print.
  const shift = rng.range(60, 200) * (rng.chance(0.5) ? 1 : -1);
  const vertical = rng.chance(0.5);
  const clip = vertical
    ? `<rect x="${n(cx)}" y="0" width="${SIZE}" height="${SIZE}"/>`
    : `<rect x="0" y="${n(cy)}" width="${SIZE}" height="${SIZE}"/>`;
  const move = vertical ? `0 ${n(shift)}` : `${n(shift)} 0`;
  return {
    defs: `<clipPath id="half">${clip}</clipPath>`,
    body: `${ringsSvg}<g clip-path="url(#half)"><g transform="translate(${move})">${ringsSvg}</g></g>`,
  };
};

const stripes: CoverStyle = (rng, { bg, inks }) => {
  const angle = rng.pick([0, 90, 45, -45, rng.range(10, 80)]);
  const colours = [bg, ...rng.shuffle(inks).slice(0, rng.int(2, 3))];
  const even = rng.chance(0.5);
  const width = rng.range(30, 90);
  const band = (rot: number, palette: string[]) => {
    let out = `<g transform="rotate(${n(rot)} 500 500)">`;
    let i = 0;
    for (let y = -800; y < 1800; i++) {
      const h = even ? width : rng.range(12, 140);
      out += `<rect x="-800" y="${n(y)}" width="2600" height="${n(h + 1)}" fill="${palette[i % palette.length]}"/>`;
      y += h;
    }
    return `${out}</g>`;
  };
  const body = band(angle, colours);
  if (rng.chance(0.45)) return { defs: '', body };
  const r = rng.range(220, 380);
  const cx = rng.range(r, SIZE - r);
  const cy = rng.range(r, SIZE - r);
  return {
    defs: `<clipPath id="disc"><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"/></clipPath>`,
    body: `${body}<g clip-path="url(#disc)">${band(angle + 90, rng.shuffle(colours))}</g>`,
  };
};

const aurora: CoverStyle = (rng, { inks, byLightness }) => {
  // Glows need vivid colours; a grey palette turns to fog otherwise.
  const vivid = [...inks].sort((a, b) => saturation(b) - saturation(a)).slice(0, 3);
  const ground = rng.chance(0.7) ? byLightness[0]! : byLightness[4]!;
  let defs = '';
  let body = `<rect width="${SIZE}" height="${SIZE}" fill="${ground}"/>`;
  const count = rng.int(4, 6);
  for (let i = 0; i < count; i++) {
    const c = vivid[i % vivid.length]!;
    defs += `<radialGradient id="g${i}"><stop offset="0" stop-color="${c}" stop-opacity="1"/><stop offset="0.5" stop-color="${c}" stop-opacity="0.6"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`;
    const r = rng.range(340, 680);
    body += `<ellipse cx="${n(rng.range(0, SIZE))}" cy="${n(rng.range(0, SIZE))}" rx="${n(r)}" ry="${n(r * rng.range(0.6, 1.1))}" fill="url(#g${i})"/>`;
  }
  const accent = rng.next();
  const ink = luminanceOf(ground) < 0.5 ? mix(ground, '#ffffff', 0.9) : mix(ground, '#000000', 0.7);
  if (accent < 0.35) {
    // A small crisp disc gives the eye somewhere to land.
    body += `<circle cx="${n(rng.range(250, 750))}" cy="${n(rng.range(250, 750))}" r="${n(rng.range(40, 100))}" fill="${ink}" opacity="0.9"/>`;
  } else if (accent < 0.65) {
    body += `<circle cx="500" cy="500" r="${n(rng.range(220, 360))}" fill="none" stroke="${ink}" stroke-width="${n(rng.range(3, 8))}" opacity="0.85"/>`;
  } else if (accent < 0.8) {
    body += `<rect x="0" y="${n(rng.range(600, 800))}" width="${SIZE}" height="3" fill="${ink}" opacity="0.7"/>`;
  }
  return { defs, body };
};

const sunset: CoverStyle = (rng, { byLightness, inks }) => {
  const dark = byLightness[0]!;
  const light = byLightness[4]!;
  const mid = byLightness[2]!;
  const dusk = rng.chance(0.5);
  const skyTop = dusk ? dark : light;
  const skyBottom = rng.pick([mix(mid, light, 0.4), byLightness[3]!, inks[0]!]);
  const againstSky = (c: string) => Math.abs(luminanceOf(c) - luminanceOf(skyBottom));
  const sun = rng.pick(
    inks
      .filter((c) => c !== skyBottom)
      .sort((a, b) => againstSky(b) - againstSky(a))
      .slice(0, 2),
  );
  const horizon = rng.range(520, 740);
  const r = rng.range(150, 320);
  const sx = rng.range(280, 720);
  const sy = horizon - r * rng.range(0.15, 0.8);
  // Retro banded sun on some, a plain disc on others.
  let gaps = '';
  if (rng.chance(0.6)) {
    for (let i = 0, y = sy + r * 0.1; i < 7 && y < horizon; i++) {
      const h = 5 + i * 5;
      gaps += `<rect x="0" y="${n(y)}" width="${SIZE}" height="${n(h)}" fill="url(#sky)"/>`;
      y += h + 24 - i * 2;
    }
  }
  const hillFrom = rng.pick([mid, inks[1]!, inks[2] ?? mid]);
  const hillTo = dusk ? dark : rng.pick([dark, byLightness[1]!]);
  let hills = '';
  const layers = rng.int(2, 4);
  const jagged = rng.chance(0.35);
  for (let i = 0; i < layers; i++) {
    const t = (i + 1) / layers;
    const base = horizon + i * rng.range(50, 90);
    hills += `<path d="${wavyPath(rng, base, jagged ? rng.range(60, 110) : rng.range(15, 55), SIZE)}" fill="${mix(hillFrom, hillTo, t)}"/>`;
  }
  return {
    defs: `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient><clipPath id="sun"><circle cx="${n(sx)}" cy="${n(sy)}" r="${n(r)}"/></clipPath>`,
    body: `<rect width="${SIZE}" height="${SIZE}" fill="url(#sky)"/><circle cx="${n(sx)}" cy="${n(sy)}" r="${n(r)}" fill="${sun}"/><g clip-path="url(#sun)">${gaps}</g>${hills}`,
  };
};

const sunburst: CoverStyle = (rng, { bg, inks }) => {
  const cx = rng.pick([500, rng.range(250, 750)]);
  const cy = rng.pick([500, 1000, rng.range(600, 900)]);
  const rays = rng.pick([12, 16, 20, 24, 32, 40]);
  const colours = [inks[0]!, rng.chance(0.5) ? bg : inks[1]!];
  let body = '';
  for (let i = 0; i < rays; i++) {
    const a0 = (i / rays) * Math.PI * 2;
    const a1 = ((i + 1) / rays) * Math.PI * 2;
    body += `<path d="M${n(cx)} ${n(cy)} L${n(cx + 2000 * Math.cos(a0))} ${n(cy + 2000 * Math.sin(a0))} L${n(cx + 2000 * Math.cos(a1))} ${n(cy + 2000 * Math.sin(a1))} Z" fill="${colours[i % 2]}"/>`;
  }
  const discs = rng.int(1, 3);
  for (let i = 0; i < discs; i++) {
    body += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n((260 * (discs - i)) / discs)}" fill="${inks[(i + 2) % inks.length]}"/>`;
  }
  return { defs: '', body };
};

const contours: CoverStyle = (rng, { bg, inks }) => {
  const cx = rng.range(300, 700);
  const cy = rng.range(300, 700);
  const harmonics = [2, 3, 5].map((k) => ({ k, a: rng.range(0.03, 0.12), p: rng.range(0, 7) }));
  const from = rng.chance(0.5) ? bg : inks[0]!;
  const stops = [from, inks[1]!, inks[2] ?? inks[0]!];
  const levels = rng.int(9, 16);
  let body = '';
  for (let i = 0; i < levels; i++) {
    const radius = 950 * (1 - i / levels);
    let d = '';
    for (let s = 0; s < 120; s++) {
      const theta = (s / 120) * Math.PI * 2;
      // Inner lines twist a little so the rings do not look stamped.
      const wobble = harmonics.reduce(
        (w, h) => w + h.a * Math.sin(h.k * theta + h.p + i * 0.25),
        0,
      );
      const r = radius * (1 + wobble);
      d += `${s === 0 ? 'M' : 'L'}${n(cx + r * Math.cos(theta))} ${n(cy + r * Math.sin(theta))}`;
    }
    body += `<path d="${d}Z" fill="${ramp(stops, i / (levels - 1))}" stroke="${bg}" stroke-opacity="0.35" stroke-width="3"/>`;
  }
  return { defs: '', body };
};

export const COVER_STYLES: Readonly<Record<string, CoverStyle>> = {
  rings,
  stripes,
  aurora,
  bauhaus,
  sunset,
  sunburst,
  contours,
  arches,
  mosaic,
  halftone,
};
