"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useFieldErrors } from "~/lib/forms/use-field-errors";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Badge } from "../ui/badge";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { FormError } from "../ui/form-error";
import { Field, Input } from "../ui/input";
import { useToast } from "../ui/toast";

/**
 * Whether the address is confirmed, with "send the link again" until it is.
 * Without outgoing email (`mailConfigured` false) it never says a link was
 * sent: it says none can be, and whom to ask for one.
 */
export function EmailVerificationCard({ mailConfigured }: { mailConfigured: boolean }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.account.status.queryOptions());
  const resend = useMutation(
    trpc.account.resendVerification.mutationOptions({
      onSuccess: async (sent) => {
        if (sent.alreadyVerified) await queryClient.invalidateQueries({ queryKey: trpc.account.status.queryKey() });
        else if (sent.emailed) toast.success(t.team.verificationSent);
        // In development without email the link itself is shown below; otherwise say plainly that nothing went out.
        else if (!sent.verificationUrl) toast.error(t.team.verificationNotSent);
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  if (!status.data || status.data.emailVerified) return null;
  return (
    <Card>
      <CardHeader title={t.team.unverifiedTitle} description={mailConfigured ? t.team.unverifiedBody : t.team.unverifiedBodyNoMail} actions={<Badge tone="warning">{status.data.email}</Badge>} />
      <div className="flex flex-col gap-3 px-5 pb-5">
        {resend.data?.verificationUrl && (
          <p className="text-sm text-ink-muted">
            {t.team.verificationLink}{" "}
            <a href={resend.data.verificationUrl} className="break-all font-medium text-accent hover:underline" data-testid="verification-link">
              {resend.data.verificationUrl}
            </a>
          </p>
        )}
        <Button variant="secondary" className="self-start" loading={resend.isPending} onClick={() => resend.mutate({})}>
          {t.team.resendVerification}
        </Button>
      </div>
    </Card>
  );
}

/**
 * Change password. The server ends every session of the person; this page
 * then signs in again with the new password, so only the other devices are
 * signed out.
 */
export function ChangePasswordCard() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const [form, setForm] = useState({ currentPassword: "", newPassword: "" });
  const change = useMutation(
    trpc.account.changePassword.mutationOptions({
      onSuccess: async ({ email }) => {
        await signIn("credentials", { email, password: form.newPassword, redirect: false });
        setForm({ currentPassword: "", newPassword: "" });
        toast.success(t.team.passwordChanged);
      },
    }),
  );
  const { errors, hasErrors, track } = useFieldErrors(change.error);
  const generalError = change.error && !hasErrors ? errorMessageOf(change.error, t.common.somethingWrong) : null;
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => track(setForm, form)({ ...form, [key]: event.target.value });
  return (
    <Card>
      <CardHeader title={t.team.changePasswordTitle} description={t.team.changePasswordBody} />
      <form
        className="flex max-w-md flex-col gap-4 px-5 pb-5"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate(form);
        }}
      >
        <Field label={t.team.currentPassword} error={errors.currentPassword}>
          {(props) => <Input {...props} type="password" name="currentPassword" autoComplete="current-password" value={form.currentPassword} onChange={set("currentPassword")} />}
        </Field>
        <Field label={t.team.newPassword} hint={t.auth.passwordHint} error={errors.newPassword}>
          {(props) => <Input {...props} type="password" name="newPassword" autoComplete="new-password" value={form.newPassword} onChange={set("newPassword")} />}
        </Field>
        {generalError && <FormError message={generalError} />}
        <Button type="submit" className="self-start" loading={change.isPending}>
          {t.team.changePassword}
        </Button>
      </form>
    </Card>
  );
}
