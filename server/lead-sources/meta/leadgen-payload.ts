import { z } from "zod";

const id = z.union([z.string().min(1), z.number()]).transform(String);

/**
 * A Page webhook notification as Meta posts it for the `leadgen` field
 * ("Webhooks for Leads"): the ids of a new lead, never its answers. Fields we
 * do not use are let through, and changes of other fields are skipped.
 */
export const leadgenPayloadSchema = z.object({
  object: z.string(),
  entry: z.array(
    z.object({
      id: id.optional(),
      changes: z
        .array(
          z.object({
            field: z.string(),
            value: z
              .object({
                leadgen_id: id.optional(),
                page_id: id.optional(),
                form_id: id.optional(),
                ad_id: id.optional(),
              })
              .optional(),
          }),
        )
        .default([]),
    }),
  ),
});

export type LeadgenPayload = z.infer<typeof leadgenPayloadSchema>;

/** Each new lead of the payload: its leadgen id and page (the entry's id when the change does not repeat it). */
export function leadgenNotices(payload: LeadgenPayload): { leadgenId: string; pageId: string; formId: string | null; adId: string | null }[] {
  return payload.entry.flatMap((entry) =>
    entry.changes.flatMap((change) => {
      const value = change.value;
      const pageId = value?.page_id ?? entry.id;
      if (change.field !== "leadgen" || !value?.leadgen_id || !pageId) return [];
      return [{ leadgenId: value.leadgen_id, pageId, formId: value.form_id ?? null, adId: value.ad_id ?? null }];
    }),
  );
}
