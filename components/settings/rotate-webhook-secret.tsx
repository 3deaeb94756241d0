"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { formatDateTime } from "~/lib/format/dates";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { useToast } from "../ui/toast";
import { SecretShownOnceDialog } from "./secret-shown-once-dialog";
import type { WebhookSubscription } from "./webhook-presentation";

/**
 * Rotating a subscription's signing secret from Settings → Webhooks: the new
 * secret is shown once, and while the previous one still signs deliveries
 * the row says until when, with a way to end the overlap early. The same
 * procedures as `POST …/rotate-secret` and `DELETE …/previous-secret`.
 */
export function RotateSecretButton({ subscription }: { subscription: WebhookSubscription }) {
  const { t, dates } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.dashboardList.queryKey() }),
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  const h = t.settings.hooks;
  return (
    <>
      <Button variant="secondary" size="sm" loading={rotate.isPending} onClick={() => rotate.mutate({ id: subscription.id })}>
        {h.rotate}
      </Button>
      {rotate.data && (
        <SecretShownOnceDialog
          open
          onClose={() => rotate.reset()}
          title={h.rotateTitle}
          warning={h.rotateWarning(formatDateTime(rotate.data.previous_secret_expires_at, dates))}
          secret={rotate.data.secret}
          testId="webhook-rotated-secret"
        />
      )}
    </>
  );
}

/** "Previous secret valid until …" with "End now", shown while a rotation overlaps. */
export function SecretOverlapNote({ subscription }: { subscription: WebhookSubscription }) {
  const { t, dates } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const queryClient = useQueryClient();
  const end = useMutation(
    trpc.webhooks.dropPreviousSecret.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.dashboardList.queryKey() });
        toast.success(t.settings.hooks.overlapEnded);
      },
      onError: (error) => toast.error(errorMessageOf(error, t.common.somethingWrong)),
    }),
  );
  if (!subscription.previousSecretExpiresAt) return null;
  const h = t.settings.hooks;
  return (
    <span className="flex flex-wrap items-center gap-x-2 text-xs text-ink-muted" data-testid="secret-overlap">
      {h.overlapUntil(formatDateTime(subscription.previousSecretExpiresAt, dates))}
      <button type="button" className="font-medium text-accent underline-offset-2 hover:underline" disabled={end.isPending} onClick={() => end.mutate({ id: subscription.id })}>
        {h.endOverlap}
      </button>
    </span>
  );
}
