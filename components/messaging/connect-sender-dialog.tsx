"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useFieldErrors } from "~/lib/forms/use-field-errors";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { FormDialog } from "../ui/form-dialog";
import { Field, Input } from "../ui/input";
import { useToast } from "../ui/toast";
import type { SenderDetail } from "./messaging-presentation";

const EMPTY = { label: "", phoneNumberId: "", businessAccountId: "", accessToken: "" };

/**
 * Connects a WhatsApp Business number, or reconnects one (`reconnecting`)
 * with a new token. The server checks the details with WhatsApp before it
 * stores anything; what WhatsApp refused shows under its field.
 */
export function ConnectSenderDialog({ open, reconnecting, onClose }: { open: boolean; reconnecting: SenderDetail | null; onClose: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  useEffect(() => {
    if (open) {
      setValues(
        reconnecting
          ? { label: reconnecting.label, phoneNumberId: reconnecting.phoneNumberId, businessAccountId: reconnecting.businessAccountId, accessToken: "" }
          : EMPTY,
      );
    }
  }, [open, reconnecting]);
  const connect = useMutation(
    trpc.messaging.connectSender.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.messaging.pathKey() });
        toast.success(t.messaging.connected);
        close();
      },
    }),
  );
  const { errors, hasErrors, track } = useFieldErrors(connect.error);
  const generalError = connect.error && !hasErrors ? errorMessageOf(connect.error, t.common.somethingWrong) : null;
  const m = t.messaging;

  function close() {
    connect.reset();
    onClose();
  }
  const update = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => track(setValues, values)({ ...values, [field]: event.target.value });

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={reconnecting ? m.reconnectTitle(reconnecting.displayPhoneNumber) : m.connectTitle}
      formId="connect-whatsapp-sender"
      submitLabel={m.connectSubmit}
      pending={connect.isPending}
      error={generalError}
      onSubmit={() => connect.mutate(values)}
      className="flex flex-col gap-4"
    >
      <Field label={m.label} error={errors.label}>
        {(props) => <Input {...props} name="label" placeholder={m.labelPlaceholder} value={values.label} onChange={update("label")} />}
      </Field>
      <Field label={m.phoneNumberId} hint={m.phoneNumberIdHint} error={errors.phoneNumberId}>
        {(props) => (
          <Input {...props} name="phoneNumberId" inputMode="numeric" autoComplete="off" value={values.phoneNumberId} readOnly={reconnecting !== null} onChange={update("phoneNumberId")} />
        )}
      </Field>
      <Field label={m.businessAccountId} hint={m.businessAccountIdHint} error={errors.businessAccountId}>
        {(props) => <Input {...props} name="businessAccountId" inputMode="numeric" autoComplete="off" value={values.businessAccountId} onChange={update("businessAccountId")} />}
      </Field>
      <Field label={m.accessToken} hint={m.accessTokenHint} error={errors.accessToken}>
        {(props) => <Input {...props} name="accessToken" type="password" autoComplete="off" spellCheck={false} value={values.accessToken} onChange={update("accessToken")} />}
      </Field>
    </FormDialog>
  );
}
