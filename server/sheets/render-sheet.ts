import { dictionaryFor } from "../../lib/i18n/dictionaries";
import type { Locale } from "../i18n/messages";
import type { SheetContent } from "./load-sheet";
import { html, SafeHtml } from "./sheet-html";
import { SHEET_CSS } from "./sheet-style";
import { SHEET_PATH } from "./sheet-token";
import type { InterestForm, InterestFormError } from "./public-interest";
import { renderInterestForm } from "./render-interest-form";

function page(locale: Locale, title: string, body: SafeHtml): string {
  return `<!doctype html>${html`<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex,nofollow"><meta name="referrer" content="no-referrer"><title>${title}</title><style>${new SafeHtml(SHEET_CSS)}</style></head><body>${body}</body></html>`}`;
}

function money(amount: number, currency: string, locale: Locale): string {
  try {
    return new Intl.NumberFormat(locale === "es" ? "es-MX" : "en-US", { style: "currency", currency, maximumFractionDigits: 0 }).format(amount);
  } catch {
    return `${amount.toLocaleString(locale)} ${currency}`;
  }
}

function mapUrl(parts: (string | null)[]): string | null {
  const query = parts.filter((part): part is string => part !== null && part.trim() !== "").join(", ");
  return query === "" ? null : `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

type SheetTexts = ReturnType<typeof dictionaryFor>["sheet"];

/**
 * The photos: one fills the width; several scroll sideways inside their strip
 * (CSS scroll snapping, no script), the first loaded at once and the rest
 * lazily. `no-referrer`: the sheet's secret URL never reaches the photo host.
 */
function renderPhotos(photos: string[], name: string, t: SheetTexts): SafeHtml | "" {
  if (photos.length === 0) return "";
  if (photos.length === 1) return html`<img class="photo" src="${photos[0]!}" alt="${t.photoAlt(name)}" referrerpolicy="no-referrer" loading="eager">`;
  return html`<div class="photos" role="group" aria-label="${t.photoAlt(name)}">${photos.map(
    (url, index) =>
      html`<img class="photo" src="${url}" alt="${t.photoNumber(name, index + 1, photos.length)}" referrerpolicy="no-referrer" loading="${index === 0 ? "eager" : "lazy"}">`,
  )}</div>`;
}

/**
 * The sheet: photos, name, price in the project's currency, the facts, the
 * place with a map link, "I'm interested" (a plain form POST: it works
 * without JavaScript, and the page carries none; on a public link it asks the
 * visitor's name and contact) and the WhatsApp link.
 */
export function renderSheet(content: SheetContent, token: string, options: { personal: boolean; justInterested: boolean; form?: { form: InterestForm; errors: InterestFormError[] } }): string {
  const t = dictionaryFor(content.locale).sheet;
  const { project, unit } = content;
  const name = unit?.name ?? project.name;
  const price = unit?.price ?? content.projectPrice;
  const area = unit?.area ?? content.projectArea;
  const rent = project.operationType === "rent";
  const available = unit === null || unit.status === "available";
  const place = [project.address, [project.city, project.state].filter(Boolean).join(", "), project.country].filter((part) => part !== null && part !== "");
  const map = mapUrl([project.address, project.city, project.state, project.country]);
  const facts: [string, string][] = [];
  if (area !== null) facts.push([t.area, t.areaValue(area)]);
  if (project.bedrooms !== null) facts.push([t.bedrooms, String(project.bedrooms)]);
  if (project.bathrooms !== null) facts.push([t.bathrooms, String(project.bathrooms)]);
  if (unit?.type) facts.push([t.type, unit.type]);
  const interested = options.justInterested || content.interested;
  // A unit's own photos; the project's cover photo when it has none.
  const photos = unit && unit.photos.length > 0 ? unit.photos : project.photo ? [project.photo] : [];
  const body = html`<main>
${renderPhotos(photos, name, t)}
<div class="body">
<p class="eyebrow">${unit ? t.unitOf(project.name) : project.city ?? ""}</p>
<h1>${name}</h1>
${price !== null ? html`<p class="price">${money(price, project.currency, content.locale)}${rent ? html` <small>${t.rentPerMonth}</small>` : ""}</p>` : ""}
${unit ? html`<span class="badge ${unit.status}">${t.status[unit.status]}</span>` : ""}
${facts.length > 0 ? html`<ul class="facts">${facts.map(([label, value]) => html`<li><span>${label}</span><strong>${value}</strong></li>`)}</ul>` : ""}
${project.description ? html`<p class="desc">${project.description}</p>` : ""}
${place.length > 0 ? html`<section class="place"><h2>${t.location}</h2><p>${place.join(" · ")}</p>${map ? html`<a href="${map}" rel="noopener noreferrer" target="_blank">${t.openMap}</a>` : ""}</section>` : ""}
${!available ? html`<p class="muted">${t.noLongerAvailable}</p>` : ""}
<div class="actions">
${interested ? html`<p class="note" role="status">${options.personal ? t.interestedDone : t.formThanks}</p>` : !available ? "" : options.personal ? html`<form method="post" action="${SHEET_PATH}${token}/interest"><button class="btn primary" type="submit">${t.interested}</button></form>` : renderInterestForm(content.locale, token, options.form ?? null)}
${content.whatsAppDigits ? html`<a class="btn whatsapp" href="https://wa.me/${content.whatsAppDigits}?text=${encodeURIComponent(`${name} — ${project.name}`)}" rel="noopener noreferrer">${t.whatsApp}</a>` : ""}
</div>
</div>
</main>`;
  return page(content.locale, `${name} · ${project.name}`, body);
}

/** The page of an unknown or revoked link (404) and of a spent budget (429). */
export function renderSheetProblem(locale: Locale, problem: "not_found" | "too_many"): string {
  const t = dictionaryFor(locale).sheet;
  const [title, text] = problem === "not_found" ? [t.notFoundTitle, t.notFoundBody] : [t.tooManyTitle, t.tooManyBody];
  return page(locale, title, html`<main><div class="center"><h1>${title}</h1><p class="muted">${text}</p></div></main>`);
}
