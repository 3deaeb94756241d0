import { systemPrincipal } from "../auth/system-principal";
import type { Db } from "../db/client";
import { runAtomically } from "../db/run-in-transaction";
import { ApiError } from "../errors/api-error";
import { writeIntakeLead } from "../leads/intake/write-intake-lead";
import { recordSheetInterest } from "../leads/interest/sheet-interest";
import { notifySheetInterest } from "../notifications/sheet-interest";
import { canonicalPhone } from "../phones/phone-number";
import type { LoadedSheet } from "./load-sheet";

/** What a visitor typed in a public sheet's form, kept to show it again beside its errors. */
export interface InterestForm {
  name: string;
  phone: string;
  email: string;
}

export type InterestFormError = "nameMissing" | "contactMissing" | "phoneInvalid" | "emailInvalid";

export type PublicInterestOutcome = { ok: true } | { ok: false; form: InterestForm; errors: InterestFormError[] };

/** The hidden field people never see and never fill; form-filling robots do. */
export const HONEYPOT_FIELD = "website";

/** The source a public sheet's lead is created with (kept as `sourceMetadata.providedSource`, the source itself `other`). */
export const SHEET_LEAD_SOURCE = "sheet";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const text = (form: FormData, field: string, max: number) => String(form.get(field) ?? "").trim().slice(0, max);

function splitName(name: string): { firstName: string; lastName: string | null } {
  const [first, ...rest] = name.split(/\s+/);
  return { firstName: first ?? name, lastName: rest.length > 0 ? rest.join(" ") : null };
}

/**
 * "I'm interested" on a link made for nobody: the visitor's name and a phone
 * or an e-mail. A filled honeypot is answered as a success and writes
 * nothing (a robot learns nothing). A valid form finds the lead the
 * organization already has with that e-mail or phone, or creates one through
 * `createLead` (source `sheet`, routed by pools and put through the duplicate
 * policy like any new lead); then, as the System and in one transaction, the
 * inbound communication, the project in the lead's interest and the notice to
 * its owner (or the organization's owners, for a lead nobody owns).
 */
export async function submitPublicInterest(db: Db, sheet: LoadedSheet, fields: FormData, at: Date): Promise<PublicInterestOutcome> {
  if (text(fields, HONEYPOT_FIELD, 200) !== "") return { ok: true };
  const form: InterestForm = { name: text(fields, "name", 120), phone: text(fields, "phone", 40), email: text(fields, "email", 200) };
  const errors: InterestFormError[] = [];
  if (form.name === "") errors.push("nameMissing");
  if (form.phone === "" && form.email === "") errors.push("contactMissing");
  if (form.email !== "" && !EMAIL.test(form.email)) errors.push("emailInvalid");
  const { link } = sheet;
  const principal = await systemPrincipal(db, link.organizationId);
  if (form.phone !== "") {
    const organization = await db.organization.findUnique({ where: { id: link.organizationId }, select: { defaultCountry: true } });
    if (canonicalPhone(form.phone, organization?.defaultCountry ?? null) === null) errors.push("phoneInvalid");
  }
  if (errors.length > 0) return { ok: false, form, errors };
  const subject = { projectId: link.projectId, projectName: link.projectName, unitId: link.unitId, unitName: link.unitName };
  try {
    await runAtomically(db, async (tx) => {
      const ctx = { db, principal }; // joins this transaction
      const lead = await writeIntakeLead(
        ctx,
        { ...splitName(form.name), phone: form.phone || null, email: form.email || null, source: SHEET_LEAD_SOURCE },
        { onDuplicate: "skip", matchOn: ["email", "phone"] },
      );
      await recordSheetInterest(ctx, lead.id, subject);
      await notifySheetInterest(tx, link.organizationId, { leadId: lead.id, unitName: link.unitName, at });
    });
  } catch (error) {
    // What the lead rules still refuse (a phone the parser rejects after all) is the visitor's to fix, never a 500.
    if (error instanceof ApiError && error.code === "VALIDATION_ERROR") return { ok: false, form, errors: ["contactMissing"] };
    throw error;
  }
  return { ok: true };
}
