// Renders the facilities gallery: four illustrated scenes (SVG) to JPEG at 1200 and 600 px wide.
// Replace the output files with real photographs of the premises under the same names when available.
//   node tooling/render-gallery.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../mfe-marketing/src/facilities/images');

const sky = '#dfeee8';
const door = (x, y, w, h, color, n) => `
  <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${color}" stroke="#2f3d37" stroke-width="4"/>
  ${Array.from({ length: 9 }, (_, i) => `<line x1="${x + 6}" x2="${x + w - 6}" y1="${y + 18 + i * ((h - 30) / 9)}" y2="${y + 18 + i * ((h - 30) / 9)}" stroke="#00000022" stroke-width="3"/>`).join('')}
  <rect x="${x + w / 2 - 22}" y="${y - 34}" width="44" height="26" rx="4" fill="#fff" stroke="#2f3d37" stroke-width="2"/>
  <text x="${x + w / 2}" y="${y - 15}" font-family="sans-serif" font-size="16" text-anchor="middle" fill="#2f3d37">${n}</text>`;

const scenes = {
  corridor: `<rect width="1200" height="800" fill="#f4f1ea"/>
    <polygon points="0,0 1200,0 860,260 340,260" fill="#e8e3d8"/>
    <polygon points="340,560 860,560 1200,800 0,800" fill="#c9c2b3"/>
    <polygon points="0,0 340,260 340,560 0,800" fill="#ece8df"/>
    <polygon points="1200,0 860,260 860,560 1200,800" fill="#e6e1d6"/>
    ${[0, 1, 2].map((i) => `<polygon points="${40 + i * 100},${120 + i * 45} ${120 + i * 100},${165 + i * 45} ${120 + i * 100},${640 - i * 45} ${40 + i * 100},${700 - i * 45}" fill="#0b6e4f" stroke="#08543c" stroke-width="4"/>`).join('')}
    ${[0, 1, 2].map((i) => `<polygon points="${1160 - i * 100},${120 + i * 45} ${1080 - i * 100},${165 + i * 45} ${1080 - i * 100},${640 - i * 45} ${1160 - i * 100},${700 - i * 45}" fill="#f2a541" stroke="#b87a22" stroke-width="4"/>`).join('')}
    <rect x="340" y="260" width="520" height="300" fill="#fbfaf6"/>
    ${[0, 1, 2, 3].map((i) => `<rect x="${440 + i * 90}" y="40" width="60" height="14" rx="7" fill="#fffbe6" opacity="${0.9 - i * 0.15}"/>`).join('')}`,
  unit: `<rect width="1200" height="800" fill="${sky}"/>
    <rect x="0" y="620" width="1200" height="180" fill="#b9b2a3"/>
    <rect x="120" y="150" width="960" height="470" fill="#f7f5ef" stroke="#2f3d37" stroke-width="4"/>
    ${door(200, 260, 240, 360, '#0b6e4f', 'A-12')}${door(480, 260, 240, 360, '#0b6e4f', 'A-13')}${door(760, 260, 240, 360, '#f2a541', 'A-14')}
    <rect x="1010" y="190" width="50" height="30" rx="6" fill="#fff" stroke="#2f3d37" stroke-width="3"/>
    <text x="1035" y="211" font-family="sans-serif" font-size="16" text-anchor="middle" fill="#1e7d32">22°C</text>`,
  basement: `<rect width="1200" height="800" fill="#d9d6cf"/>
    <rect x="0" y="600" width="1200" height="200" fill="#a8a295"/>
    ${[0, 1, 2, 3]
      .map(
        (
          i,
        ) => `<rect x="${60 + i * 285}" y="160" width="250" height="440" fill="#ece9e2" stroke="#59534a" stroke-width="4"/>
      <rect x="${90 + i * 285}" y="420" width="190" height="120" rx="10" fill="#8c6f52"/>
      <rect x="${110 + i * 285}" y="300" width="150" height="110" fill="#c9b79c" stroke="#8c6f52" stroke-width="3"/>
      <rect x="${100 + i * 285}" y="220" width="90" height="70" fill="#d7c7ad"/>`,
      )
      .join('')}
    <circle cx="600" cy="60" r="16" fill="#b3261e"/><rect x="200" y="52" width="800" height="10" fill="#8f8a80"/>`,
  entrance: `<rect width="1200" height="800" fill="${sky}"/>
    <rect x="0" y="640" width="1200" height="160" fill="#b9b2a3"/>
    <rect x="260" y="120" width="680" height="520" fill="#f7f5ef" stroke="#2f3d37" stroke-width="4"/>
    <rect x="340" y="220" width="360" height="420" fill="#cfe6dc" stroke="#2f3d37" stroke-width="4"/>
    <line x1="520" y1="220" x2="520" y2="640" stroke="#2f3d37" stroke-width="4"/>
    <rect x="760" y="300" width="120" height="190" rx="12" fill="#1d2a24"/>
    <rect x="775" y="315" width="90" height="36" rx="4" fill="#7fe0b0"/>
    ${Array.from({ length: 12 }, (_, i) => `<rect x="${780 + (i % 3) * 28}" y="${362 + Math.floor(i / 3) * 30}" width="22" height="22" rx="4" fill="#e8efe9"/>`).join('')}
    <rect x="330" y="150" width="540" height="50" rx="6" fill="#0b6e4f"/>
    <text x="600" y="185" font-family="sans-serif" font-size="30" font-weight="700" text-anchor="middle" fill="#fff">24 h</text>`,
};

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage();
for (const [name, body] of Object.entries(scenes)) {
  for (const width of [1200, 600]) {
    const height = (width * 2) / 3;
    await page.setViewportSize({ width, height });
    await page.setContent(
      `<html><body style="margin:0"><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 800" width="${width}" height="${height}">${body}</svg></body></html>`,
    );
    await page.screenshot({ path: path.join(out, `${name}-${width}.jpg`), type: 'jpeg', quality: 72 });
  }
}
await browser.close();
console.log(`gallery written to ${out}`);
