"use client";

import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { useTRPC } from "~/lib/trpc/react";
import { buttonClasses } from "../ui/button";
import { FormError } from "../ui/form-error";
import { LoadingBlock } from "../ui/spinner";

/** Opens the verification link once the page is shown (a POST, so link scanners that only GET do not use it up). */
export function VerifyEmail({ token }: { token: string }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const verify = useMutation(trpc.account.verifyEmail.mutationOptions());
  const { mutate } = verify;
  useEffect(() => {
    if (token) mutate({ token });
  }, [token, mutate]);

  if (!token || verify.isError) return <FormError message={t.team.verifyFailed} />;
  if (!verify.isSuccess) return <LoadingBlock label={t.team.verifying} />;
  return (
    <div className="flex flex-col gap-4" role="status">
      <p className="text-sm text-ink">{t.team.verified(verify.data.email)}</p>
      <Link href="/leads" className={buttonClasses("primary", "md", "w-full")}>
        {t.team.continue}
      </Link>
    </div>
  );
}
