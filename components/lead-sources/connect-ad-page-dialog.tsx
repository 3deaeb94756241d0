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

const EMPTY = { pageId: "", accessToken: "" };

/**
 * Connects a Facebook page, or reconnects one (`reconnecting`) with a new
 * token. The server checks the token with Meta and installs the app on the
 * page before it stores anything; what Meta refused shows in the dialog.
 */
export function ConnectAdPageDialog({
  open,
  reconnecting,
  onClose,
}: {
  open: boolean;
  reconnecting: { pageId: string; pageName: string } | null;
  onClose: () => void;
}) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(EMPTY);
  useEffect(() => {
    if (open) setValues(reconnecting ? { pageId: reconnecting.pageId, accessToken: "" } : EMPTY);
  }, [open, reconnecting]);
  const connect = useMutation(
    trpc.leadSources.connect.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.leadSources.pathKey() });
        toast.success(t.leadSources.connected);
        close();
      },
    }),
  );
  const { errors, hasErrors, track } = useFieldErrors(connect.error);
  const generalError = connect.error && !hasErrors ? errorMessageOf(connect.error, t.common.somethingWrong) : null;
  const s = t.leadSources;

  function close() {
    connect.reset();
    onClose();
  }
  const update = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => track(setValues, values)({ ...values, [field]: event.target.value });

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={reconnecting ? s.reconnectTitle(reconnecting.pageName) : s.connectTitle}
      formId="connect-ad-page"
      submitLabel={s.connectSubmit}
      pending={connect.isPending}
      error={generalError}
      onSubmit={() => connect.mutate(values)}
      className="flex flex-col gap-4"
    >
      <Field label={s.pageId} hint={s.pageIdHint} error={errors.pageId}>
        {(props) => (
          <Input {...props} name="pageId" inputMode="numeric" autoComplete="off" value={values.pageId} readOnly={reconnecting !== null} onChange={update("pageId")} />
        )}
      </Field>
      <Field label={s.accessToken} hint={s.accessTokenHint} error={errors.accessToken}>
        {(props) => <Input {...props} name="accessToken" type="password" autoComplete="off" spellCheck={false} value={values.accessToken} onChange={update("accessToken")} />}
      </Field>
    </FormDialog>
  );
}
