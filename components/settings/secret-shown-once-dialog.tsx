"use client";

import type { ReactNode } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { Button } from "../ui/button";
import { SecretValue } from "../ui/copy-button";
import { Dialog } from "../ui/dialog";

/**
 * The second step of creating a credential (API key, webhook signing secret):
 * the raw value, shown this once with a copy button. It cannot be shown
 * again, so closing the dialog forgets it for good; the warning says so.
 */
export function SecretShownOnceDialog({
  open,
  onClose,
  title,
  warning,
  secret,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  warning: ReactNode;
  secret: string;
  testId: string;
}) {
  const { t } = useI18n();
  return (
    <Dialog open={open} onClose={onClose} title={title} footer={<Button onClick={onClose}>{t.settings.keys.done}</Button>}>
      <div className="flex flex-col gap-4">
        <p role="alert" className="rounded-lg border border-warning/30 bg-warning-soft px-3 py-2.5 text-sm text-warning">
          {warning}
        </p>
        <SecretValue value={secret} label={t.common.copy} copiedLabel={t.common.copied} testId={testId} />
      </div>
    </Dialog>
  );
}
