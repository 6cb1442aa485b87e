// Renders public/og-default.png, the social preview image used when a page
// has no image of its own. Run once after changing the artwork:
//   node web/scripts/make-og-image.mjs
import sharp from 'sharp';
import { fileURLToPath } from 'node:url';

const out = fileURLToPath(new URL('../public/og-default.png', import.meta.url));

const svg = `
<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#17142b"/>
      <stop offset="1" stop-color="#2d2366"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.85" cy="0.2" r="0.6">
      <stop offset="0" stop-color="#7b6cff" stop-opacity="0.45"/>
      <stop offset="1" stop-color="#7b6cff" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <rect width="1200" height="630" fill="url(#glow)"/>
  <g transform="translate(100 175) scale(8.5)">
    <path fill="#6d5cf0" d="M6 2h14l10 10v14a4 4 0 0 1-4 4H6a4 4 0 0 1-4-4V6a4 4 0 0 1 4-4z"/>
    <path fill="#c4bcff" d="M20 2v6a4 4 0 0 0 4 4h6z"/>
    <circle cx="15" cy="18.5" r="7" fill="#ffffff"/>
    <circle cx="15" cy="18.5" r="2.2" fill="#6d5cf0"/>
  </g>
  <text x="410" y="300" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="700"
        font-size="112" fill="#ffffff" letter-spacing="-2">Earmark</text>
  <text x="414" y="368" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="33"
        fill="#cfc9ff">Rate, review and list the music you love.</text>
  <text x="414" y="418" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="28"
        fill="#9d96cc">A catalogue built by its listeners.</text>
</svg>`;

await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(out);
console.log(`wrote ${out}`);
