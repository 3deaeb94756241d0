"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { signIn, signOut, useSession } from "next-auth/react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useFieldErrors } from "~/lib/forms/use-field-errors";
import { errorCodeOf, errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button, buttonClasses } from "../ui/button";
import { FormError } from "../ui/form-error";
import { Field, Input } from "../ui/input";
import { LoadingBlock } from "../ui/spinner";

/**
 * The invitation link's page. Signed in with the invited address: one click.
 * Signed in with another: sign out first. Not signed in: sign in when the
 * address has an account, otherwise choose a name and password and join.
 */
export function AcceptInvitation({ token, viewerEmail }: { token: string; viewerEmail: string | null }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const router = useRouter();
  const { update } = useSession();
  const preview = useQuery({ ...trpc.account.invitation.queryOptions({ token }), retry: false });
  const [form, setForm] = useState({ name: "", password: "" });
  const [signInFailed, setSignInFailed] = useState(false);
  const enter = async (organizationId: string) => {
    await update({ organizationId });
    router.replace("/leads");
    router.refresh();
  };
  const accept = useMutation(trpc.account.acceptInvitation.mutationOptions({ onSuccess: (joined) => enter(joined.organizationId) }));
  const create = useMutation(
    trpc.account.acceptInvitationAsNewUser.mutationOptions({
      onSuccess: async (joined) => {
        const result = await signIn("credentials", { email: joined.email, password: form.password, redirect: false });
        if (!result?.ok) return setSignInFailed(true);
        await enter(joined.organizationId);
      },
    }),
  );
  const { errors, hasErrors, track } = useFieldErrors(create.error);

  if (preview.isPending) return <LoadingBlock label={t.common.loading} />;
  if (preview.isError || !preview.data) {
    const missing = ["NOT_FOUND", "VALIDATION_ERROR"].includes(errorCodeOf(preview.error) ?? "");
    return <FormError message={missing ? t.team.invitationStates.missing : errorMessageOf(preview.error, t.common.somethingWrong)} />;
  }
  const invitation = preview.data;
  const role = t.roles[invitation.role].toLowerCase();
  const intro = invitation.inviterName ? t.team.acceptBody(invitation.inviterName, role) : t.team.acceptBodyNoInviter(role);
  const heading = <p className="text-base font-medium text-ink">{t.team.acceptTitle(invitation.organizationName)}</p>;
  const loginHref = `/login?callbackUrl=${encodeURIComponent(`/invite?token=${token}`)}`;

  if (invitation.state !== "pending") {
    return (
      <div className="flex flex-col gap-4">
        <FormError message={t.team.invitationStates[invitation.state]} />
        <Link href="/login" className={buttonClasses("secondary", "md", "w-full")}>
          {t.team.backToSignIn}
        </Link>
      </div>
    );
  }

  if (viewerEmail !== null) {
    if (viewerEmail !== invitation.email) {
      return (
        <div className="flex flex-col gap-4">
          <p className="text-sm text-ink-muted">{t.team.signInWithOther(invitation.email)}</p>
          <Button variant="secondary" onClick={() => void signOut({ callbackUrl: loginHref })}>
            {t.team.signOut}
          </Button>
        </div>
      );
    }
    const acceptError = accept.error ? errorMessageOf(accept.error, t.common.somethingWrong) : null;
    return (
      <div className="flex flex-col gap-4">
        {heading}
        <p className="text-sm text-ink">{intro}</p>
        <p className="text-sm text-ink-muted">{t.team.acceptAs(viewerEmail)}</p>
        {acceptError && <FormError message={acceptError} />}
        {acceptError && errorCodeOf(accept.error) === "FORBIDDEN" && (
          <Link href="/profile" className="text-sm font-medium text-accent hover:underline">
            {t.team.resendVerification}
          </Link>
        )}
        <Button loading={accept.isPending || accept.isSuccess} onClick={() => accept.mutate({ token })} className="w-full">
          {accept.isPending || accept.isSuccess ? t.team.accepting : t.team.accept}
        </Button>
      </div>
    );
  }

  if (invitation.accountExists) {
    return <JoinWithPassword token={token} email={invitation.email} heading={heading} intro={intro} onJoined={enter} />;
  }

  const generalError = create.error && !hasErrors ? errorMessageOf(create.error, t.common.somethingWrong) : null;
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({ token, ...form });
      }}
    >
      {heading}
        <p className="text-sm text-ink">{intro}</p>
      <Field label={t.auth.email}>{(props) => <Input {...props} type="email" value={invitation.email} readOnly disabled />}</Field>
      <Field label={t.auth.name} error={errors.name}>
        {(props) => <Input {...props} name="name" autoComplete="name" value={form.name} onChange={(e) => track(setForm, form)({ ...form, name: e.target.value })} autoFocus />}
      </Field>
      <Field label={t.auth.password} hint={t.auth.passwordHint} error={errors.password}>
        {(props) => (
          <Input
            {...props}
            type="password"
            name="password"
            autoComplete="new-password"
            value={form.password}
            onChange={(e) => track(setForm, form)({ ...form, password: e.target.value })}
          />
        )}
      </Field>
      {(generalError || signInFailed) && <FormError message={generalError ?? t.common.somethingWrong} />}
      <Button type="submit" loading={create.isPending || create.isSuccess} className="mt-2 w-full">
        {create.isPending || create.isSuccess ? t.team.accepting : t.team.createAndJoin}
      </Button>
    </form>
  );
}

/** An existing account that is not signed in (it may have no organization left): its password, then joined and signed in. */
function JoinWithPassword({
  token,
  email,
  heading,
  intro,
  onJoined,
}: {
  token: string;
  email: string;
  heading: ReactNode;
  intro: string;
  onJoined: (organizationId: string) => Promise<void>;
}) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const [password, setPassword] = useState("");
  const [signInFailed, setSignInFailed] = useState(false);
  const join = useMutation(
    trpc.account.acceptInvitationWithPassword.mutationOptions({
      onSuccess: async (joined) => {
        const result = await signIn("credentials", { email: joined.email, password, redirect: false });
        if (!result?.ok) return setSignInFailed(true);
        await onJoined(joined.organizationId);
      },
    }),
  );
  const { errors, hasErrors, markEdited } = useFieldErrors(join.error);
  const generalError = join.error && !hasErrors ? errorMessageOf(join.error, t.common.somethingWrong) : null;
  return (
    <form
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        join.mutate({ token, password });
      }}
    >
      {heading}
      <p className="text-sm text-ink">{intro}</p>
      <p className="text-sm text-ink-muted">{t.team.signInToAccept(email)}</p>
      <Field label={t.auth.password} error={errors.password}>
        {(props) => (
          <Input
            {...props}
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => (setPassword(e.target.value), markEdited("password"))}
            autoFocus
          />
        )}
      </Field>
      <Link href="/forgot-password" className="-mt-2 self-end text-xs font-medium text-accent hover:underline">
        {t.team.forgotPassword}
      </Link>
      {(generalError || signInFailed) && <FormError message={generalError ?? t.common.somethingWrong} />}
      <Button type="submit" loading={join.isPending || join.isSuccess} className="w-full">
        {join.isPending || join.isSuccess ? t.team.accepting : t.team.accept}
      </Button>
    </form>
  );
}
