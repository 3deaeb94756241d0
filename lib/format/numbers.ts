/** Money and counts in the organization's language. */
export function formatMoney(amount: number, currency: string, locale: "en" | "es"): string {
  try {
    return new Intl.NumberFormat(locale === "es" ? "es-ES" : "en-US", {
      style: "currency",
      currency,
      maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    }).format(amount);
  } catch {
    return `${amount.toLocaleString(locale)} ${currency}`;
  }
}

export function formatNumber(value: number, locale: "en" | "es"): string {
  return new Intl.NumberFormat(locale === "es" ? "es-ES" : "en-US").format(value);
}
