import { ApiError } from "../errors/api-error";

/**
 * A lead must stay reachable: after every create, and after merging an update
 * into the stored lead, at least one of email and phone is non-empty (input
 * normalisation has already turned empty strings into null).
 */
export function assertContactIdentity(values: { email: string | null; phone: string | null }): void {
  if (values.email === null && values.phone === null) {
    throw ApiError.invalid([
      { path: "email", reason: "validation.contactRequired" },
      { path: "phone", reason: "validation.contactRequired" },
    ]);
  }
}
