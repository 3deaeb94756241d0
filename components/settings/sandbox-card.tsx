"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useState } from "react";
import { formatDate } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { Card, CardHeader } from "../ui/card";
import { useToast } from "../ui/toast";

/**
 * Settings → Organization → Sandbox: an owner makes a copy of the
 * organization's configuration to build integrations against (its own keys
 * and webhooks; WhatsApp, email and Google are never called), and opens it
 * through the organization switcher. Inside a sandbox the card says so.
 */
export function SandboxCard({ isOwner }: { isOwner: boolean }) {
  const { t, dates } = useI18n();
  const s = t.sandbox;
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { update } = useSession();
  const [opening, setOpening] = useState(false);
  const state = useQuery(trpc.settings.sandbox.get.queryOptions());
  const create = useMutation(
    trpc.settings.sandbox.create.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.settings.sandbox.get.queryKey() });
        toast.success(s.created);
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );

  async function open(organizationId: string) {
    setOpening(true);
    try {
      await update({ organizationId });
      window.location.assign("/leads");
    } catch {
      setOpening(false);
      toast.error(t.common.somethingWrong);
    }
  }

  if (!state.data) return null;
  const { isSandbox, liveOrganization, sandbox } = state.data;
  return (
    <Card className="mt-6" data-testid="sandbox-card">
      <CardHeader title={s.title} description={isSandbox ? s.insideBody : s.body} />
      <div className="flex flex-wrap items-center gap-3 p-5 text-sm">
        {isSandbox && liveOrganization ? (
          <Button variant="secondary" loading={opening} onClick={() => void open(liveOrganization.id)}>
            {s.backToLive(liveOrganization.name)}
          </Button>
        ) : sandbox ? (
          <>
            <span className="text-ink-muted">{s.madeOn(sandbox.name, formatDate(sandbox.createdAt, dates))}</span>
            <Button variant="secondary" loading={opening} onClick={() => void open(sandbox.id)}>
              {s.open}
            </Button>
          </>
        ) : isOwner ? (
          <Button loading={create.isPending} onClick={() => create.mutate()}>
            {s.create}
          </Button>
        ) : (
          <span className="text-ink-muted">{s.ownersOnly}</span>
        )}
      </div>
    </Card>
  );
}
