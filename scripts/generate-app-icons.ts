import { readFileSync } from "node:fs";
import path from "node:path";
import { chromium } from "@playwright/test";
import { chromiumExecutablePath } from "../e2e/support/chromium-path";

/**
 * `npx tsx scripts/generate-app-icons.ts`: renders the web app's PNG icons
 * (the manifest's, the home-screen ones) from the SVGs in public/icons/ with
 * the same Chromium the browser tests use. Run it after changing an SVG and
 * commit the PNGs; nothing generates them at build or install time.
 */
const ICONS_DIR = path.resolve(import.meta.dirname, "..", "public", "icons");

const OUTPUTS = [
  // "any" icons keep the rounded square and its transparent corners.
  { source: "icon.svg", file: "icon-192.png", size: 192, transparent: true },
  { source: "icon.svg", file: "icon-512.png", size: 512, transparent: true },
  // Maskable and Apple touch icons are full-bleed: the platform applies its own shape (iOS fills transparency with black).
  { source: "icon-maskable.svg", file: "icon-maskable-192.png", size: 192, transparent: false },
  { source: "icon-maskable.svg", file: "icon-maskable-512.png", size: 512, transparent: false },
  { source: "icon-maskable.svg", file: "apple-touch-icon.png", size: 180, transparent: false },
];

const browser = await chromium.launch({ executablePath: chromiumExecutablePath(), args: ["--no-sandbox", "--disable-gpu"] });
try {
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  for (const output of OUTPUTS) {
    const svg = readFileSync(path.join(ICONS_DIR, output.source), "utf8");
    await page.setViewportSize({ width: output.size, height: output.size });
    await page.setContent(
      `<!doctype html><html><body style="margin:0;background:transparent">` +
        `<img alt="" style="display:block;width:${output.size}px;height:${output.size}px" src="data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}">` +
        `</body></html>`,
    );
    await page.locator("img").evaluate((image: HTMLImageElement) => image.decode());
    await page.screenshot({ path: path.join(ICONS_DIR, output.file), omitBackground: output.transparent });
    process.stdout.write(`public/icons/${output.file} (${output.size}×${output.size})\n`);
  }
} finally {
  await browser.close();
}
