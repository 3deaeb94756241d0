import { dictionaryFor } from "../../lib/i18n/dictionaries";
import type { Locale } from "../i18n/messages";
import { html, type SafeHtml } from "./sheet-html";
import { SHEET_PATH } from "./sheet-token";
import { HONEYPOT_FIELD, type InterestForm, type InterestFormError } from "./public-interest";

/**
 * A public sheet's "I'm interested": a plain form (no script) asking the
 * visitor's name and a phone or an e-mail, with the answers and errors of a
 * refused try shown again. The honeypot field sits off-screen, out of the tab
 * order and of autofill, so people leave it empty.
 */
export function renderInterestForm(locale: Locale, token: string, refused: { form: InterestForm; errors: InterestFormError[] } | null): SafeHtml {
  const t = dictionaryFor(locale).sheet;
  const values = refused?.form ?? { name: "", phone: "", email: "" };
  const errors = refused?.errors ?? [];
  const message: Record<InterestFormError, string> = {
    nameMissing: t.formNameMissing,
    contactMissing: t.formContactMissing,
    phoneInvalid: t.formPhoneInvalid,
    emailInvalid: t.formEmailInvalid,
  };
  const invalid = (error: InterestFormError) => (errors.includes(error) ? html` aria-invalid="true"` : "");
  return html`<form class="lead-form" method="post" action="${SHEET_PATH}${token}/interest" novalidate>
<h2>${t.formTitle}</h2>
${errors.length > 0 ? html`<ul class="errors" role="alert">${errors.map((error) => html`<li>${message[error]}</li>`)}</ul>` : ""}
<label>${t.formName}<input name="name" autocomplete="name" maxlength="120" required value="${values.name}"${invalid("nameMissing")}></label>
<label>${t.formPhone}<input name="phone" type="tel" autocomplete="tel" inputmode="tel" maxlength="40" value="${values.phone}"${invalid("phoneInvalid")}></label>
<label>${t.formEmail}<input name="email" type="email" autocomplete="email" maxlength="200" value="${values.email}"${invalid("emailInvalid")}></label>
<p class="hint">${t.formHint}</p>
<label class="trap" aria-hidden="true">${t.formTrap}<input name="${HONEYPOT_FIELD}" tabindex="-1" autocomplete="off"></label>
<button class="btn primary" type="submit">${t.interested}</button>
</form>`;
}
