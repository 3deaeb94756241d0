"use client";

import { useMutation } from "@tanstack/react-query";
import { signIn } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useFieldErrors } from "~/lib/forms/use-field-errors";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { FormError } from "../ui/form-error";
import { Field, Input, Select } from "../ui/input";

/**
 * Creates the person, their organization and its owner membership, then signs
 * them in. An address that already has an account gets the same answer from
 * the server (its owner is mailed), so the sign-in that follows fails: the
 * form then says where to look, without saying which case it was.
 */
export function SignupForm() {
  const { t, locale } = useI18n();
  const trpc = useTRPC();
  const router = useRouter();
  const [form, setForm] = useState({ name: "", email: "", password: "", organizationName: "", locale });
  const [signInFailed, setSignInFailed] = useState(false);
  const signUp = useMutation(
    trpc.account.signUp.mutationOptions({
      onSuccess: async () => {
        const result = await signIn("credentials", { email: form.email, password: form.password, redirect: false });
        if (!result?.ok) return setSignInFailed(true);
        router.replace("/home");
        router.refresh();
      },
    }),
  );
  const { errors, hasErrors, track } = useFieldErrors(signUp.error);
  const generalError = signUp.error && !hasErrors ? errorMessageOf(signUp.error, t.common.somethingWrong) : null;
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => track(setForm, form)({ ...form, [key]: event.target.value });

  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        signUp.mutate({ ...form, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone });
      }}
    >
      <Field label={t.auth.name} error={errors.name}>
        {(props) => <Input {...props} name="name" autoComplete="name" value={form.name} onChange={set("name")} autoFocus />}
      </Field>
      <Field label={t.auth.email} error={errors.email}>
        {(props) => <Input {...props} type="email" name="email" autoComplete="email" value={form.email} onChange={set("email")} />}
      </Field>
      <Field label={t.auth.password} hint={t.auth.passwordHint} error={errors.password}>
        {(props) => (
          <Input {...props} type="password" name="password" autoComplete="new-password" value={form.password} onChange={set("password")} />
        )}
      </Field>
      <Field label={t.auth.organizationName} error={errors.organizationName}>
        {(props) => <Input {...props} name="organizationName" autoComplete="organization" value={form.organizationName} onChange={set("organizationName")} />}
      </Field>
      <Field label={t.auth.language} error={errors.locale}>
        {(props) => (
          <Select {...props} name="locale" value={form.locale} onChange={set("locale")}>
            <option value="en">{t.locales.en}</option>
            <option value="es">{t.locales.es}</option>
          </Select>
        )}
      </Field>
      {(generalError || signInFailed) && <FormError message={generalError ?? t.auth.signUpCheckEmail} />}
      <Button type="submit" loading={signUp.isPending || signUp.isSuccess} className="mt-2 w-full">
        {signUp.isPending || signUp.isSuccess ? t.auth.signingUp : t.auth.signUp}
      </Button>
    </form>
  );
}
