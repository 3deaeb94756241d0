"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { SecretValue } from "../ui/copy-button";
import { Dialog } from "../ui/dialog";
import { useToast } from "../ui/toast";

/**
 * For a member whose address is not confirmed: a new confirmation link,
 * mailed to them; on a server without outgoing email, shown to the owner or
 * admin to copy and pass on (as invitation links are), never "sent".
 */
export function MemberVerificationButton({ membershipId, name, mailConfigured }: { membershipId: string; name: string; mailConfigured: boolean }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [link, setLink] = useState<string | null>(null);
  const send = useMutation(
    trpc.team.members.sendVerification.mutationOptions({
      onSuccess: async (sent) => {
        if (sent.verificationUrl) return setLink(sent.verificationUrl);
        if (sent.alreadyVerified) {
          await queryClient.invalidateQueries({ queryKey: trpc.team.overview.queryKey() });
          return toast.success(t.team.alreadyConfirmed(name));
        }
        toast.success(sent.emailed ? t.team.confirmationSent(name) : t.team.verificationNotSent);
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  return (
    <>
      <Button variant="ghost" size="sm" loading={send.isPending} onClick={() => send.mutate({ membershipId })}>
        {mailConfigured ? t.team.sendConfirmation : t.team.getConfirmation}
      </Button>
      <Dialog open={link !== null} onClose={() => setLink(null)} title={t.team.confirmationLinkTitle} footer={<Button onClick={() => setLink(null)}>{t.common.close}</Button>}>
        <p className="mb-3 text-sm text-ink-muted">{t.team.confirmationLinkBody(name)}</p>
        {link && <SecretValue value={link} label={t.common.copy} copiedLabel={t.common.copied} testId="verification-link" />}
      </Dialog>
    </>
  );
}
