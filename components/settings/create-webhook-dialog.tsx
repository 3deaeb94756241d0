"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useFieldErrors } from "~/lib/forms/use-field-errors";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { FormDialog } from "../ui/form-dialog";
import { Field, Input, Select } from "../ui/input";
import { SecretShownOnceDialog } from "./secret-shown-once-dialog";

/** A dashboard-managed endpoint: URL, one event and a name; then its signing secret, shown once. */
export function CreateWebhookDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const events = useQuery({ ...trpc.webhooks.listEvents.queryOptions(), enabled: open, staleTime: Infinity });
  const [values, setValues] = useState({ name: "", targetUrl: "", event: "lead.created" });
  const create = useMutation(
    trpc.webhooks.dashboardCreate.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.dashboardList.queryKey() }),
    }),
  );
  const { errors, hasErrors, track } = useFieldErrors(create.error);
  const generalError = create.error && !hasErrors ? errorMessageOf(create.error, t.common.somethingWrong) : null;
  const h = t.settings.hooks;

  function close() {
    setValues({ name: "", targetUrl: "", event: "lead.created" });
    create.reset();
    onClose();
  }

  if (create.data) {
    return (
      <SecretShownOnceDialog open={open} onClose={close} title={h.secretTitle} warning={h.secretWarning} secret={create.data.secret} testId="webhook-secret" />
    );
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={h.create}
      formId="create-webhook"
      submitLabel={h.create}
      pending={create.isPending}
      error={generalError}
      onSubmit={() => create.mutate({ name: values.name || null, targetUrl: values.targetUrl, event: values.event as "lead.created" })}
      className="flex flex-col gap-4"
    >
      <Field label={h.name} optional={t.common.optional} error={errors.name}>
        {(props) => <Input {...props} name="name" placeholder={h.namePlaceholder} value={values.name} onChange={(e) => track(setValues, values)({ ...values, name: e.target.value })} />}
      </Field>
      <Field label={h.url} hint={h.urlHint} error={errors.targetUrl}>
        {(props) => (
          <Input
            {...props}
            name="targetUrl"
            type="url"
            placeholder="https://example.com/webhooks/inmo"
            value={values.targetUrl}
            onChange={(e) => track(setValues, values)({ ...values, targetUrl: e.target.value })}
          />
        )}
      </Field>
      <Field label={h.event} error={errors.event}>
        {(props) => (
          <Select {...props} name="event" value={values.event} onChange={(e) => track(setValues, values)({ ...values, event: e.target.value })}>
            {events.data
              ? Object.entries(events.data.groups).map(([group, types]) => (
                  <optgroup key={group} label={group}>
                    {types.map((type) => (
                      <option key={type} value={type}>
                        {type}
                      </option>
                    ))}
                  </optgroup>
                ))
              : <option value={values.event}>{values.event}</option>}
          </Select>
        )}
      </Field>
    </FormDialog>
  );
}
