"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { endOfDayInZone } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useFieldErrors } from "~/lib/forms/use-field-errors";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { DEFAULT_KEY_SCOPES, type Scope } from "~/server/auth/scopes";
import { FormDialog } from "../ui/form-dialog";
import { Field, Input, Select } from "../ui/input";
import { ScopePicker } from "./scope-picker";
import { SecretShownOnceDialog } from "./secret-shown-once-dialog";

type Expiry = "never" | "30" | "90" | "365" | "custom";
const DAY = 24 * 60 * 60 * 1000;

/**
 * Creating a key: name, scopes and expiry; then the raw key, shown this once
 * with a copy button. Closing the dialog forgets it for good.
 */
export function CreateApiKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, timeZone } = useI18n();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState("");
  // A new key starts with read-only usage (GET /usage), so an integration can watch its limits; the admin may clear it.
  const [scopes, setScopes] = useState<Scope[]>([...DEFAULT_KEY_SCOPES]);
  const [expiry, setExpiry] = useState<Expiry>("never");
  const [customDate, setCustomDate] = useState("");
  const create = useMutation(
    trpc.settings.apiKeys.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.settings.apiKeys.list.queryKey() }),
    }),
  );
  const { errors, hasErrors, markEdited } = useFieldErrors(create.error);
  const generalError = create.error && !hasErrors ? errorMessageOf(create.error, t.common.somethingWrong) : null;
  const k = t.settings.keys;

  function close() {
    setName("");
    setScopes([...DEFAULT_KEY_SCOPES]);
    setExpiry("never");
    setCustomDate("");
    create.reset();
    onClose();
  }

  function expiresAt(): string | null {
    if (expiry === "never") return null;
    if (expiry === "custom") return customDate ? endOfDayInZone(customDate, timeZone).toISOString() : "";
    return new Date(Date.now() + Number(expiry) * DAY).toISOString();
  }

  if (create.data) {
    return (
      <SecretShownOnceDialog open={open} onClose={close} title={k.createdTitle} warning={k.createdWarning} secret={create.data.key} testId="new-api-key" />
    );
  }

  return (
    <FormDialog
      open={open}
      onClose={close}
      title={k.create}
      size="lg"
      formId="create-api-key"
      submitLabel={k.create}
      pending={create.isPending}
      error={generalError}
      onSubmit={() => create.mutate({ name, scopes, expiresAt: expiresAt() })}
      className="flex flex-col gap-5"
    >
      <Field label={k.name} error={errors.name}>
        {(props) => <Input {...props} name="name" placeholder={k.namePlaceholder} value={name} onChange={(e) => (setName(e.target.value), markEdited("name"))} autoFocus />}
      </Field>
      <ScopePicker value={scopes} onChange={(next) => (setScopes(next), markEdited("scopes"))} error={errors.scopes} />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label={k.expiry} error={expiry === "custom" ? undefined : errors.expiresAt}>
          {(props) => (
            <Select {...props} name="expiry" value={expiry} onChange={(e) => (setExpiry(e.target.value as Expiry), markEdited("expiresAt"))}>
              <option value="never">{k.expiryNever}</option>
              <option value="30">{k.expiry30}</option>
              <option value="90">{k.expiry90}</option>
              <option value="365">{k.expiry365}</option>
              <option value="custom">{k.expiryCustom}</option>
            </Select>
          )}
        </Field>
        {expiry === "custom" && (
          <Field label={k.expiryDate} error={errors.expiresAt}>
            {(props) => <Input {...props} type="date" name="expiryDate" value={customDate} onChange={(e) => (setCustomDate(e.target.value), markEdited("expiresAt"))} />}
          </Field>
        )}
      </div>
    </FormDialog>
  );
}
