"use client";

import { signIn } from "next-auth/react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { Button } from "../ui/button";
import { FormError } from "../ui/form-error";
import { Field, Input } from "../ui/input";

/** Email + password sign-in through next-auth's credentials provider. */
export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={async (event) => {
        event.preventDefault();
        setPending(true);
        setError(null);
        const result = await signIn("credentials", { email, password, redirect: false });
        if (result?.ok) {
          // The OAuth consent page must be a document of its own: its CSP (form-action) lets its form lead to the app.
          if (callbackUrl.startsWith("/oauth/")) {
            window.location.assign(callbackUrl);
            return;
          }
          router.replace(callbackUrl);
          router.refresh();
          return;
        }
        setPending(false);
        setError(
          result?.status === 429
            ? t.auth.tooManyAttempts
            : result?.error === "CredentialsSignin" || result?.status === 401
              ? t.auth.invalidCredentials
              : t.common.somethingWrong,
        );
      }}
    >
      <Field label={t.auth.email}>
        {(props) => (
          <Input {...props} type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoFocus />
        )}
      </Field>
      <Field label={t.auth.password}>
        {(props) => (
          <Input
            {...props}
            type="password"
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Link href="/forgot-password" className="-mt-2 self-end text-xs font-medium text-accent hover:underline">
        {t.team.forgotPassword}
      </Link>
      {error && <FormError message={error} />}
      <Button type="submit" loading={pending} className="mt-2 w-full">
        {pending ? t.auth.signingIn : t.auth.signIn}
      </Button>
    </form>
  );
}
