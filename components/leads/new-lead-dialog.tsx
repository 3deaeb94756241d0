"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useFieldErrors } from "~/lib/forms/use-field-errors";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { FormDialog } from "../ui/form-dialog";
import { useToast } from "../ui/toast";
import { PlusIcon } from "../shell/icons";
import { LeadFormFields } from "./lead-form-fields";
import { EMPTY_LEAD_FORM, leadBodyFrom, type LeadFormValues } from "./lead-form-values";
import { useLeadLookups } from "./use-lead-lookups";

/**
 * "New lead": the full form in a dialog; on success the lead opens.
 * `ownAssigneeId` is the viewer when they see only their own leads (the
 * organization's visibility `own`, a member): the form starts assigned to
 * them, since a lead assigned elsewhere or left unassigned would leave their
 * sight as soon as it is created; the field says so when they change it.
 */
export function NewLeadButton({ ownAssigneeId }: { ownAssigneeId?: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const router = useRouter();
  const queryClient = useQueryClient();
  const lookups = useLeadLookups();
  const [open, setOpen] = useState(false);
  const blank: LeadFormValues = ownAssigneeId ? { ...EMPTY_LEAD_FORM, assignedToId: ownAssigneeId } : EMPTY_LEAD_FORM;
  const [values, setValues] = useState<LeadFormValues>(blank);
  const create = useMutation(
    trpc.leads.create.mutationOptions({
      onSuccess: async (lead) => {
        await queryClient.invalidateQueries({ queryKey: trpc.leads.list.pathKey() });
        toast.success(t.leads.created);
        setOpen(false);
        setValues(blank);
        create.reset();
        router.push(`/leads/${lead.id}`);
      },
    }),
  );
  const { errors, hasErrors, track } = useFieldErrors(create.error);
  const generalError = create.error && !hasErrors ? errorMessageOf(create.error, t.common.somethingWrong) : null;

  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <PlusIcon /> {t.leads.newLead}
      </Button>
      <FormDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t.leads.newLead}
        size="lg"
        formId="new-lead-form"
        submitLabel={t.common.create}
        pending={create.isPending}
        error={generalError}
        onSubmit={() => {
          const body = leadBodyFrom(values);
          // On create an empty field is simply left out.
          const fields = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null));
          create.mutate(fields);
        }}
      >
        <LeadFormFields
          values={values}
          onChange={track(setValues, values)}
          errors={errors}
          choices={lookups}
          assigneeHint={ownAssigneeId && values.assignedToId !== ownAssigneeId ? t.visibility.leavesYourView : undefined}
        />
      </FormDialog>
    </>
  );
}
