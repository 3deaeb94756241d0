"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useSession } from "next-auth/react";
import { useEffect, useRef, useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { errorMessageOf, fieldErrorsOf } from "~/lib/trpc/errors";
import { useTRPC } from "~/lib/trpc/react";
import { Button } from "../ui/button";
import { Dialog } from "../ui/dialog";
import { Field, Input } from "../ui/input";
import { Spinner } from "../ui/spinner";
import { useToast } from "../ui/toast";
import { CheckIcon, ChevronIcon, PlusIcon } from "./icons";

/**
 * The active organization and the others the person belongs to. Switching
 * updates the session (the server re-checks the membership), then reloads
 * the dashboard so every page and cached list belongs to the new organization.
 */
export function OrganizationSwitcher({ current }: { current: { id: string; name: string } }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const { update } = useSession();
  const [open, setOpen] = useState(false);
  const [creating, setCreating] = useState(false);
  const [switchingTo, setSwitchingTo] = useState<string | null>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const organizations = useQuery({ ...trpc.account.organizations.queryOptions(), enabled: open });

  useEffect(() => {
    if (!open) return;
    const onDocumentClick = (event: MouseEvent) => {
      if (menuRef.current && !menuRef.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && setOpen(false);
    document.addEventListener("mousedown", onDocumentClick);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("mousedown", onDocumentClick);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  async function switchTo(organizationId: string) {
    if (organizationId === current.id) return setOpen(false);
    setSwitchingTo(organizationId);
    try {
      await update({ organizationId });
      window.location.assign("/leads");
    } catch {
      setSwitchingTo(null);
      toast.error(t.common.somethingWrong);
    }
  }

  return (
    <div ref={menuRef} className="relative">
      <button
        type="button"
        onClick={() => setOpen((value) => !value)}
        aria-expanded={open}
        aria-haspopup="menu"
        className="flex w-full items-center gap-2.5 rounded-lg border border-line bg-canvas/60 px-2.5 py-2 text-left hover:bg-canvas"
      >
        <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-ink text-xs font-semibold text-white" aria-hidden="true">
          {current.name.slice(0, 1).toUpperCase()}
        </span>
        {/* Named "Switch organization: <name>": the visible name is part of the button's name (WCAG 2.5.3). */}
        <span className="sr-only">{t.nav.switchOrganization}: </span>
        <span className="min-w-0 flex-1 truncate text-sm font-medium" data-testid="active-organization">
          {current.name}
        </span>
        <ChevronIcon className="size-4 text-ink-subtle" />
      </button>
      {open && (
        <div role="menu" className="absolute left-0 right-0 top-full z-30 mt-1 rounded-xl border border-line bg-surface p-1 shadow-lg">
          <p className="px-2.5 pb-1 pt-2 text-xs font-medium uppercase tracking-wide text-ink-subtle">{t.nav.organizations}</p>
          {organizations.isPending ? (
            <div className="px-2.5 py-2">
              <Spinner label={t.common.loading} />
            </div>
          ) : (
            organizations.data?.data.map((organization) => (
              <button
                key={organization.id}
                type="button"
                role="menuitem"
                onClick={() => void switchTo(organization.id)}
                className="flex w-full items-center gap-2 rounded-lg px-2.5 py-2 text-left text-sm hover:bg-canvas touch:py-3"
              >
                <span className="min-w-0 flex-1 truncate">{organization.name}</span>
                {switchingTo === organization.id && <Spinner />}
                {organization.id === current.id && <CheckIcon className="size-4 text-accent" />}
              </button>
            ))
          )}
          <div className="my-1 border-t border-line" />
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setOpen(false);
              setCreating(true);
            }}
            className="flex w-full items-center gap-2 rounded-lg px-2.5 py-2 text-left text-sm text-ink-muted hover:bg-canvas hover:text-ink touch:py-3"
          >
            <PlusIcon /> {t.nav.newOrganization}
          </button>
        </div>
      )}
      <NewOrganizationDialog open={creating} onClose={() => setCreating(false)} onCreated={(id) => void switchTo(id)} />
    </div>
  );
}

function NewOrganizationDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (id: string) => void }) {
  const { t } = useI18n();
  const trpc = useTRPC();
  const toast = useToast();
  const [name, setName] = useState("");
  const create = useMutation(
    trpc.account.createOrganization.mutationOptions({
      onSuccess: (organization) => onCreated(organization.id),
      onError: (error) => {
        if (!fieldErrorsOf(error).name) toast.error(errorMessageOf(error, t.common.somethingWrong));
      },
    }),
  );
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t.nav.newOrganization}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t.common.cancel}
          </Button>
          <Button type="submit" form="new-organization" loading={create.isPending || create.isSuccess}>
            {t.common.create}
          </Button>
        </>
      }
    >
      <form
        id="new-organization"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ name });
        }}
      >
        <Field label={t.nav.newOrganizationName} error={fieldErrorsOf(create.error).name}>
          {(props) => <Input {...props} value={name} onChange={(event) => setName(event.target.value)} autoFocus />}
        </Field>
      </form>
    </Dialog>
  );
}
