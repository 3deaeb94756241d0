"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useFieldErrors } from "~/lib/forms/use-field-errors";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button, buttonClasses } from "../ui/button";
import { FormError } from "../ui/form-error";
import { Field, Input } from "../ui/input";

/** Forgot password: the same answer whatever the address (the server tells nothing either). */
export function ForgotPasswordForm() {
  const { t } = useI18n();
  const trpc = useTRPC();
  const [email, setEmail] = useState("");
  const request = useMutation(trpc.account.requestPasswordReset.mutationOptions());
  const { errors, hasErrors, markEdited } = useFieldErrors(request.error);
  const generalError = request.error && !hasErrors ? errorMessageOf(request.error, t.common.somethingWrong) : null;

  if (request.isSuccess) {
    return (
      <div className="flex flex-col gap-4" role="status">
        <p className="text-sm text-ink">{t.team.resetRequested}</p>
        <Link href="/login" className={buttonClasses("secondary", "md", "w-full")}>
          {t.team.backToSignIn}
        </Link>
      </div>
    );
  }
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        request.mutate({ email });
      }}
    >
      <Field label={t.auth.email} error={errors.email}>
        {(props) => (
          <Input {...props} type="email" name="email" autoComplete="email" value={email} onChange={(e) => (setEmail(e.target.value), markEdited("email"))} autoFocus />
        )}
      </Field>
      {generalError && <FormError message={generalError} />}
      <Button type="submit" loading={request.isPending} className="mt-2 w-full">
        {t.team.sendResetLink}
      </Button>
    </form>
  );
}

/** The reset link's page: a new password, then sign in again (every session was ended). */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const [password, setPassword] = useState("");
  const reset = useMutation(trpc.account.resetPassword.mutationOptions());
  const { errors, markEdited } = useFieldErrors(reset.error);
  const generalError = reset.error && !errors.password ? errorMessageOf(reset.error, t.common.somethingWrong) : null;

  if (reset.isSuccess) {
    return (
      <div className="flex flex-col gap-4" role="status">
        <p className="text-sm text-ink">{t.team.resetDone}</p>
        <Link href="/login" className={buttonClasses("primary", "md", "w-full")}>
          {t.auth.signIn}
        </Link>
      </div>
    );
  }
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        reset.mutate({ token, password });
      }}
    >
      <Field label={t.team.newPassword} hint={t.auth.passwordHint} error={errors.password}>
        {(props) => (
          <Input
            {...props}
            type="password"
            name="password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => (setPassword(e.target.value), markEdited("password"))}
            autoFocus
          />
        )}
      </Field>
      {generalError && <FormError message={generalError} />}
      <Button type="submit" loading={reset.isPending} className="mt-2 w-full">
        {t.team.savePassword}
      </Button>
    </form>
  );
}
