/**
 * Text someone else typed (an organization's or a person's name, a lead's
 * name from a web form) may be written into a mail subject only when it holds
 * nothing that reads as a link or an address (second audit, L5): a subject is
 * what a recipient trusts most, and "Acme — verify at acme-login.example" from
 * our own server would be phishing. Bodies escape such text and are read in
 * context; subjects fall back to a fixed wording instead.
 */
const LINK_LIKE = /[a-z][a-z0-9+.-]*:\/\/|www\.|[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?![a-z])|@|\//i;

/** The text, one line, at most 80 characters; null when it must stay out of a subject. */
export function subjectText(text: string): string | null {
  const line = text.replace(/\s+/g, " ").trim();
  if (line === "" || LINK_LIKE.test(line)) return null;
  return line.length > 80 ? `${line.slice(0, 79)}…` : line;
}
