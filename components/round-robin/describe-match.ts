import type { Dictionary } from "~/lib/i18n/en";

/** An assignment's `metadata` (JSON text) in words: why the lead reached the pool and, for a connection, on which fields. */
export function describeMatch(metadata: string | null, r: Dictionary["routing"]): string {
  if (!metadata) return "—";
  try {
    const parsed = JSON.parse(metadata) as { reason?: string; matchedFields?: string[] };
    const reason = parsed.reason && parsed.reason in r.reason ? r.reason[parsed.reason as keyof typeof r.reason] : (parsed.reason ?? "—");
    const fields = (parsed.matchedFields ?? []).map((f) => (f in r.fields ? r.fields[f as keyof typeof r.fields] : f));
    return fields.length > 0 ? `${reason} (${fields.join(", ")})` : reason;
  } catch {
    return "—";
  }
}
