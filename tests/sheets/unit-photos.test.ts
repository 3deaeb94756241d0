import { beforeAll, describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";
import { body, expectError } from "../leads/helpers";
import { createCatalog, sheetPath, type Catalog, type SheetLink } from "./support";

const t = useApiTest();
let catalog: Catalog;
let address = 0;

const photo = (n: number) => `https://images.example.com/a-1201/${n}.jpg`;
const unitPath = () => `/projects/${catalog.projectId}/units/${catalog.unitId}`;
const patch = (json: Record<string, unknown>) => t.server.api(unitPath(), { token: t.org.key, method: "PATCH", json });
const sheetOf = async () => {
  const link = await body<SheetLink>(await t.server.api(`/projects/${catalog.projectId}/sheet-links`, { token: t.org.key, method: "POST", json: { unitId: catalog.unitId } }), 201);
  return (await fetch(`${t.server.baseUrl}${sheetPath(link)}`, { headers: { "X-Forwarded-For": `192.0.2.${++address}` } })).text();
};

beforeAll(async () => {
  catalog = await createCatalog(t.server, t.org.key);
});

describe("unit photos by URL", () => {
  it("are written on create and update, read back in order, and [] removes them", async () => {
    const created = await body<{ id: string; photos: string[] }>(
      await t.server.api(`/projects/${catalog.projectId}/units`, { token: t.org.key, method: "POST", json: { name: "B-2", price: 1, photos: [photo(2), photo(1)] } }),
      201,
    );
    expect(created.photos).toEqual([photo(2), photo(1)]);
    expect((await body<{ photos: string[] }>(await t.server.api(`/projects/${catalog.projectId}/units/${created.id}`, { token: t.org.key, method: "PATCH", json: { name: "B-3" } }), 200)).photos).toEqual([photo(2), photo(1)]);
    expect((await body<{ photos: string[] }>(await t.server.api(`/projects/${catalog.projectId}/units/${created.id}`, { token: t.org.key, method: "PATCH", json: { photos: [] } }), 200)).photos).toEqual([]);
    const read = await body<{ units: { name: string; photos: string[] }[] }>(await t.server.api(`/projects/${catalog.projectId}`, { token: t.org.key }), 200);
    expect(read.units.find((unit) => unit.name === "A-1201")?.photos).toEqual([]);
  });

  it("refuses anything but up to 10 distinct https URLs with 400 naming the field", async () => {
    for (const photos of [["http://images.example.com/a.jpg"], ["javascript:alert(1)"], ["/relative.jpg"], [photo(1), photo(1)], Array.from({ length: 11 }, (_, i) => photo(i)), "https://images.example.com/a.jpg"]) {
      expect(await expectError(await patch({ photos }), 400, "VALIDATION_ERROR")).toMatch(/photos/);
    }
    expect(await expectError(await patch({ photos: null }), 400, "VALIDATION_ERROR")).toMatch(/photos/);
  });

  it("show on the unit's sheet as a strip: the first at once, the rest lazily, none sending the sheet's address", async () => {
    await body(await patch({ photos: [photo(1), photo(2), photo(3)] }), 200);
    const html = await sheetOf();
    expect(html).toContain('<div class="photos"');
    expect(html).toContain(`<img class="photo" src="${photo(1)}" alt="Photo 1 of 3 of A-1201" referrerpolicy="no-referrer" loading="eager">`);
    expect(html).toContain(`<img class="photo" src="${photo(3)}" alt="Photo 3 of 3 of A-1201" referrerpolicy="no-referrer" loading="lazy">`);
    // The unit's own photos replace the project's cover.
    expect(html).not.toContain("torre-norte.jpg");
    expect(html).not.toContain("<script");

    await body(await patch({ photos: [] }), 200);
    const cover = await sheetOf();
    expect(cover).not.toContain('<div class="photos"');
    expect(cover).toContain('src="https://images.example.com/torre-norte.jpg"');
  });
});
