"use client";

import { useState } from "react";
import { Button } from "./button";

/** Copies `value` to the clipboard and says so for a moment. */
export function CopyButton({ value, label, copiedLabel }: { value: string; label: string; copiedLabel: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={async () => {
        await navigator.clipboard.writeText(value).catch(() => undefined);
        setCopied(true);
        setTimeout(() => setCopied(false), 2000);
      }}
    >
      {copied ? copiedLabel : label}
    </Button>
  );
}

/** A secret shown once: monospace, selectable in one click, with its copy button. */
export function SecretValue({ value, label, copiedLabel, testId }: { value: string; label: string; copiedLabel: string; testId?: string }) {
  return (
    <div className="flex items-center gap-2 rounded-lg border border-line-strong bg-canvas p-2">
      <code data-testid={testId} className="min-w-0 flex-1 select-all break-all px-1 font-mono text-[13px] text-ink">
        {value}
      </code>
      <CopyButton value={value} label={label} copiedLabel={copiedLabel} />
    </div>
  );
}
