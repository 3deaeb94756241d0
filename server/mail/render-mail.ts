import type { Locale } from "../i18n/messages";
import type { OutgoingMessage } from "./smtp-transport";

/**
 * What a template says, in the recipient organization's language: a subject,
 * short paragraphs and at most one action link. The layout turns it into a
 * plain-text part and a simple HTML part (no images, no tracking), so every
 * mail reads well in any client.
 */
export interface MailContent {
  subject: string;
  greeting?: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer: string;
}

export type MailTemplate<Params> = (locale: Locale, params: Params) => MailContent;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function renderMail<Params>(template: MailTemplate<Params>, locale: Locale, params: Params, to: string): OutgoingMessage {
  const content = template(locale, params);
  const text = [
    content.greeting,
    ...content.paragraphs,
    content.action ? `${content.action.label}: ${content.action.url}` : undefined,
    "--",
    content.footer,
  ]
    .filter((part): part is string => part !== undefined)
    .join("\n\n");
  const paragraph = (body: string) => `<p style="margin:0 0 16px">${escapeHtml(body)}</p>`;
  const html = [
    `<!doctype html><html lang="${locale}"><body style="font-family:system-ui,sans-serif;color:#0f172a;max-width:560px;margin:0 auto;padding:24px">`,
    content.greeting ? paragraph(content.greeting) : "",
    ...content.paragraphs.map(paragraph),
    content.action
      ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="background:#4f46e5;color:#fff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(content.action.label)}</a></p>`
      : "",
    `<p style="margin-top:32px;color:#64748b;font-size:12px">${escapeHtml(content.footer)}</p>`,
    "</body></html>",
  ].join("");
  return { to, subject: content.subject, text, html };
}
