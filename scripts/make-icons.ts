/**
 * Draws the web app's PNG icons (web/public/icon-*.png, apple-touch-icon.png) from its SVG ones in chromium, at the
 * sizes the manifest and iOS ask for. Run it after changing an icon: `npx tsx scripts/make-icons.ts`.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const PUBLIC = fileURLToPath(new URL("../web/public/", import.meta.url));
const ICONS: [svg: string, png: string, size: number][] = [
  ["icon.svg", "icon-192.png", 192],
  ["icon.svg", "icon-512.png", 512],
  ["icon-maskable.svg", "icon-maskable-512.png", 512],
  ["icon-maskable.svg", "apple-touch-icon.png", 180],
];

const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
try {
  for (const [svg, png, size] of ICONS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const image = `data:image/svg+xml;base64,${readFileSync(PUBLIC + svg).toString("base64")}`;
    await page.setContent(
      `<html><body style="margin:0;background:transparent"><img src="${image}" width="${size}" height="${size}" style="display:block"></body></html>`,
    );
    await page.screenshot({ path: PUBLIC + png, omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
