import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import manifest from "../../app/manifest";
import { mailtoHref, telHref, whatsappHref } from "../../components/leads/contact-links";

describe("one-tap contact links", () => {
  it("dial the stored phone without its formatting, keeping a leading +", () => {
    expect(telHref("+34 611 22 33 44")).toBe("tel:+34611223344");
    expect(telHref("(555) 010-0199")).toBe("tel:5550100199");
    expect(telHref("+1 (555) 010+0199")).toBe("tel:+15550100199");
  });

  it("open WhatsApp with the international number as bare digits, only when it can be one", () => {
    expect(whatsappHref("+34 611 22 33 44")).toBe("https://wa.me/34611223344");
    expect(whatsappHref("0034 611 22 33 44")).toBe("https://wa.me/34611223344");
    expect(whatsappHref("123")).toBeNull();
    expect(whatsappHref("+1234567890123456")).toBeNull();
  });

  it("write e-mail with mailto:", () => {
    expect(mailtoHref("lucia@example.com")).toBe("mailto:lucia@example.com");
  });
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

describe("the web app manifest", () => {
  const app = manifest();
  const publicDir = path.resolve(import.meta.dirname, "..", "..", "public");

  it("installs as a standalone app that opens on the leads", () => {
    expect(app).toMatchObject({ name: "inmo", short_name: "inmo", display: "standalone", start_url: "/leads", scope: "/" });
  });

  it("lists committed PNG icons of 192 and 512 px, for any shape and maskable, whose files have those sizes", () => {
    const pngs = (app.icons ?? []).filter((icon) => icon.type === "image/png");
    for (const purpose of ["any", "maskable"]) {
      expect(pngs.filter((icon) => icon.purpose === purpose).map((icon) => icon.sizes).sort()).toEqual(["192x192", "512x512"]);
    }
    for (const icon of pngs) {
      const [width, height] = (icon.sizes ?? "").split("x").map(Number);
      expect(pngSize(path.join(publicDir, icon.src))).toEqual({ width, height });
    }
    expect(pngSize(path.join(publicDir, "icons", "apple-touch-icon.png"))).toEqual({ width: 180, height: 180 });
  });
});
