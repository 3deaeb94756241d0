"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { useToast } from "../ui/toast";
import { leadName, type Lead } from "./lead-presentation";

/** The fields a person compares side by side; a merge may take any of them from the duplicate. */
const COMPARED = ["firstName", "lastName", "email", "phone", "company", "jobTitle", "city", "notes"] as const;
type Compared = (typeof COMPARED)[number];

/**
 * Side-by-side compare of a lead and one duplicate, with a choice per field
 * that differs (the kept lead's value by default, or the duplicate's when the
 * kept lead has none, as the merge does by itself). Merging keeps this lead.
 */
export function MergeDialog({ lead, duplicate, open, onClose }: { lead: Lead; duplicate: Lead; open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const differing = COMPARED.filter((field) => (lead[field] ?? null) !== (duplicate[field] ?? null));
  const [choice, setChoice] = useState<Partial<Record<Compared, string>>>(() =>
    Object.fromEntries(differing.map((field) => [field, lead[field] ? lead.id : duplicate.id])),
  );
  const merge = useMutation(
    trpc.leads.merge.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries();
        toast.success(t.duplicates.merged);
        onClose();
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  const labels = t.leads.fields as Record<string, string>;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={t.duplicates.mergeTitle}
      description={t.duplicates.mergeHint}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            {t.common.cancel}
          </Button>
          <Button
            data-testid="merge-confirm"
            loading={merge.isPending}
            onClick={() => merge.mutate({ leadId: lead.id, duplicateIds: [duplicate.id], fields: choice })}
          >
            {t.duplicates.merge}
          </Button>
        </>
      }
    >
      <div className="overflow-x-auto">
        {/* Fixed columns: on a phone both values stay in view, long e-mails wrapping, instead of scrolling sideways. */}
        <table className="w-full table-fixed text-sm" data-testid="merge-compare">
          <thead>
            <tr className="text-left text-ink-muted">
              <th className="w-24 py-2 pr-3 font-medium">{t.duplicates.field}</th>
              <th className="py-2 pr-3 font-medium">{t.duplicates.thisLead}</th>
              <th className="py-2 font-medium">{t.duplicates.duplicate}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {COMPARED.map((field) => {
              const differs = differing.includes(field);
              const cell = (source: Lead) => (
                <label className="flex min-w-0 items-start gap-2 break-words">
                  {differs && (
                    <input
                      type="radio"
                      name={`merge-${field}`}
                      className="mt-1"
                      checked={choice[field] === source.id}
                      onChange={() => setChoice({ ...choice, [field]: source.id })}
                    />
                  )}
                  <span className={source[field] ? "min-w-0 break-all text-ink" : "text-ink-subtle"}>{source[field] ?? "—"}</span>
                </label>
              );
              return (
                <tr key={field} className={differs ? "" : "text-ink-muted"}>
                  <td className="py-2 pr-3 align-top text-ink-muted">{labels[field] ?? field}</td>
                  <td className="py-2 pr-3 align-top">{cell(lead)}</td>
                  <td className="py-2 align-top">{cell(duplicate)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-xs text-ink-muted">
        {leadName(lead, t.leads.unnamed)} ← {leadName(duplicate, t.leads.unnamed)}
      </p>
    </Dialog>
  );
}
