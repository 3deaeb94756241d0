/**
 * The addresses a phone opens in one tap: the dialer, WhatsApp, the mail app.
 * A stored phone keeps its formatting ("+34 600 12 34 56"); `tel:` takes it
 * as "+34600123456" and wa.me wants the international number as bare digits
 * (a leading "00" is the international prefix, not part of the number).
 */
export function telHref(phone: string): string {
  const compact = phone.replace(/[^\d+]/g, "");
  return `tel:${compact.startsWith("+") ? `+${compact.slice(1).replace(/\+/g, "")}` : compact.replace(/\+/g, "")}`;
}

export function whatsappHref(phone: string): string | null {
  let digits = phone.replace(/\D/g, "");
  if (digits.startsWith("00")) digits = digits.slice(2);
  // wa.me needs a full international number: country code + subscriber number (at most 15 digits, E.164).
  return digits.length >= 7 && digits.length <= 15 ? `https://wa.me/${digits}` : null;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}
