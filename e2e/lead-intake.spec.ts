import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { dictionaryFor } from "../lib/i18n/dictionaries";
import { newAccount, screenshot, signUp } from "./support/dashboard";

/**
 * The intake journey: a spreadsheet of leads imported from a CSV file saved
 * by Excel in Spanish (byte-order mark, semicolons, Spanish headers), the
 * mapping proposed from the headers, the import's progress and the refused
 * rows downloaded with their reason; then two imported rows of one person
 * merged and the merge undone; then the list exported as CSV. In both
 * languages, at every size.
 */
const CSV =
  "\uFEFFNombre;Apellidos;Correo;Teléfono;Empresa\n" +
  "María;García;maria.garcia@gmail.com;;Casa Norte\n" +
  "Maria;García López;mariagarcia+portal@gmail.com;+52 55 1234 5678;Casa Norte\n" +
  "Nadie;Sin Contacto;;;\n" +
  "Pedro;Ramírez;pedro.ramirez@correo.example;;Torre Sur\n";

for (const language of ["en", "es"] as const) {
  test(`import a CSV, merge two duplicates, undo the merge, export (${language})`, async ({ page }) => {
    const t = dictionaryFor(language);
    await signUp(page, newAccount(`Intake${language}`), { language });

    await page.goto("/leads");
    await page.getByRole("link", { name: t.leads.imports.importCsv }).click();
    await expect(page.getByRole("heading", { name: t.leads.imports.title })).toBeVisible();
    await page.getByLabel(t.leads.imports.fileLabel).setInputFiles({ name: "leads.csv", mimeType: "text/csv", buffer: Buffer.from(CSV, "utf8") });
    await expect(page.getByText(t.leads.imports.rowsFound(4))).toBeVisible();
    await expect(page.getByLabel(t.leads.imports.fields.email, { exact: true })).toHaveValue("2");
    await expect(page.getByLabel(t.leads.imports.fields.phone, { exact: true })).toHaveValue("3");
    await page.getByLabel(t.leads.imports.duplicatesLabel).selectOption("create");
    await screenshot(page, `lead-import-mapping-${language}`);

    await page.getByRole("button", { name: t.leads.imports.start, exact: true }).click();
    const progress = page.getByTestId("import-progress");
    await expect(progress).toHaveAttribute("data-status", "completed", { timeout: 30_000 });
    await expect(page.getByTestId("import-counts")).toHaveText(t.leads.imports.counts({ created: 3, updated: 0, skipped: 0, refused: 1 }));
    await screenshot(page, `lead-import-done-${language}`);

    const [refused] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: t.leads.imports.downloadRefused }).click()]);
    const refusedCsv = await readFile((await refused.path())!, "utf8");
    const [header, row] = refusedCsv.trim().split("\n");
    expect(header).toBe(`Nombre,Apellidos,Correo,Teléfono,Empresa,${language === "es" ? "fila,motivo" : "row,reason"}`);
    expect(row).toMatch(/^Nadie,Sin Contacto,,,,3,.+/);

    // The two rows of María became two leads: merge them, then undo.
    const kept = await page.evaluate(async () => {
      const input = encodeURIComponent(JSON.stringify({ limit: 5, offset: 0, query: "maria.garcia@gmail.com" }));
      const response = await fetch(`/api/trpc/leads.list?input=${input}`);
      return ((await response.json()) as { result: { data: { data: { id: string }[] } } }).result.data.data[0]!.id;
    });
    await page.goto(`/leads/${kept}`);
    const card = page.getByTestId("lead-duplicates");
    await expect(card.getByTestId("duplicate-candidate")).toHaveCount(1);
    await card.getByRole("button", { name: t.duplicates.compare }).click();
    await expect(page.getByTestId("merge-compare")).toBeVisible();
    await page.getByTestId("merge-confirm").click();
    await expect(page.getByText(t.duplicates.merged)).toBeVisible();
    await expect(page.getByTestId("lead-duplicates")).toHaveCount(0);
    await page.getByTestId("undo-merge").click();
    await expect(page.getByText(t.duplicates.undone)).toBeVisible();
    await expect(page.getByTestId("lead-duplicates").getByTestId("duplicate-candidate")).toHaveCount(1);
    await screenshot(page, `lead-intake-merge-undone-${language}`);

    await page.goto("/leads");
    const [exported] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: t.leads.exportCsv }).click()]);
    expect(exported.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
    const exportedCsv = await readFile((await exported.path())!, "utf8");
    expect(exportedCsv.split("\n")[0]).toContain("interest,offersConsent");
    for (const email of ["maria.garcia@gmail.com", "mariagarcia+portal@gmail.com", "pedro.ramirez@correo.example"]) expect(exportedCsv).toContain(email);
    await screenshot(page, `lead-intake-list-${language}`);
  });
}
