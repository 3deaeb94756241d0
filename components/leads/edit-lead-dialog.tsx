"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useFieldErrors } from "~/lib/forms/use-field-errors";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { FormDialog } from "../ui/form-dialog";
import { useToast } from "../ui/toast";
import { LeadFormFields } from "./lead-form-fields";
import { formFromLead, leadBodyFrom, type LeadFormValues } from "./lead-form-values";
import type { Lead } from "./lead-presentation";
import { useLeadLookups } from "./use-lead-lookups";

/** Edits a lead; only the fields that changed are sent, so the timeline records exactly those. */
export function EditLeadDialog({ lead, open, onClose }: { lead: Lead; open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const lookups = useLeadLookups();
  const [values, setValues] = useState<LeadFormValues>(() => formFromLead(lead));
  const update = useMutation(
    trpc.leads.update.mutationOptions({
      onSuccess: async (updated) => {
        queryClient.setQueryData(trpc.leads.get.queryKey({ leadId: lead.id }), updated);
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.leads.activities.pathKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.leads.list.pathKey() }),
        ]);
        toast.success(t.leads.updated);
        onClose();
      },
    }),
  );
  const { errors, hasErrors, track } = useFieldErrors(update.error);
  const generalError = update.error && !hasErrors ? errorMessageOf(update.error, t.common.somethingWrong) : null;

  function submit() {
    const before = leadBodyFrom(formFromLead(lead)) as Record<string, unknown>;
    const after = leadBodyFrom(values) as Record<string, unknown>;
    const changed = Object.fromEntries(Object.entries(after).filter(([key, value]) => JSON.stringify(before[key]) !== JSON.stringify(value)));
    if (Object.keys(changed).length === 0) return onClose();
    update.mutate({ leadId: lead.id, ...changed });
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t.leads.editTitle}
      size="lg"
      formId="edit-lead-form"
      submitLabel={t.common.save}
      pending={update.isPending}
      error={generalError}
      onSubmit={submit}
    >
      <LeadFormFields values={values} onChange={track(setValues, values)} errors={errors} choices={lookups} />
    </FormDialog>
  );
}
