"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useFieldErrors } from "~/lib/forms/use-field-errors";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { FormDialog } from "../ui/form-dialog";
import { Checkbox, Field, Input, Textarea } from "../ui/input";
import { SecretShownOnceDialog } from "./secret-shown-once-dialog";

/** The first error of a field or of any of its items (`redirectUris.1`). */
function firstError(errors: Record<string, string>, field: string): string | undefined {
  return errors[field] ?? Object.entries(errors).find(([key]) => key.startsWith(`${field}.`))?.[1];
}

/**
 * Registering an organization's own OAuth app: name, exact redirect URIs,
 * public or confidential, logo. A confidential app's secret is shown this once.
 */
export function RegisterPrivateAppDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  const [redirectUris, setRedirectUris] = useState("");
  const [isPublic, setIsPublic] = useState(false);
  const [logoUrl, setLogoUrl] = useState("");
  const create = useMutation(
    trpc.settings.privateApps.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.settings.privateApps.list.queryKey() }),
    }),
  );
  const { errors, hasErrors, markEdited } = useFieldErrors(create.error);
  const generalError = create.error && !hasErrors ? errorMessageOf(create.error, t.common.somethingWrong) : null;
  const p = t.oauth.privateApps;

  function close() {
    setName("");
    setRedirectUris("");
    setIsPublic(false);
    setLogoUrl("");
    create.reset();
    onClose();
  }

  if (create.data?.clientSecret) {
    return (
      <SecretShownOnceDialog
        open={open}
        onClose={close}
        title={p.secretTitle}
        warning={p.secretWarning(create.data.app.clientId)}
        secret={create.data.clientSecret}
        testId="new-client-secret"
      />
    );
  }
  if (create.data) {
    return (
      <Dialog open={open} onClose={close} title={p.create} footer={<Button onClick={close}>{t.settings.keys.done}</Button>}>
        <p className="text-sm">{p.createdPublic(create.data.app.clientId)}</p>
      </Dialog>
    );
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={p.create}
      size="lg"
      formId="register-private-app"
      submitLabel={p.create}
      pending={create.isPending}
      error={generalError}
      onSubmit={() =>
        create.mutate({
          name,
          redirectUris: redirectUris
            .split(/\s+/)
            .map((uri) => uri.trim())
            .filter(Boolean),
          isPublic,
          logoUrl: logoUrl.trim() === "" ? null : logoUrl.trim(),
        })
      }
      className="flex flex-col gap-5"
    >
      <Field label={p.name} error={errors.name}>
        {(props) => <Input {...props} name="name" placeholder={p.namePlaceholder} value={name} onChange={(e) => (setName(e.target.value), markEdited("name"))} autoFocus />}
      </Field>
      <Field label={p.redirectUris} hint={p.redirectUrisHint} error={firstError(errors, "redirectUris")}>
        {(props) => (
          <Textarea {...props} name="redirectUris" rows={3} value={redirectUris} onChange={(e) => (setRedirectUris(e.target.value), markEdited("redirectUris"))} />
        )}
      </Field>
      <Checkbox label={p.isPublic} checked={isPublic} onChange={(e) => setIsPublic(e.target.checked)} />
      <Field label={p.logoUrl} error={errors.logoUrl}>
        {(props) => <Input {...props} name="logoUrl" type="url" value={logoUrl} onChange={(e) => (setLogoUrl(e.target.value), markEdited("logoUrl"))} />}
      </Field>
    </FormDialog>
  );
}
