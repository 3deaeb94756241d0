"use client";

import { useState } from "react";
import { useI18n } from "~/lib/i18n/i18n-provider";
import { Select } from "../ui/input";
import { Avatar } from "./avatar";

export interface MemberOption {
  userId: string;
  name: string;
  email: string;
  image: string | null;
}

/**
 * The rotation order as a list: drag a row onto another to move it there, or
 * use its arrow buttons (the keyboard way; each is a real button with a name).
 * Adding appends at the end; the order is the array order the API receives.
 */
export function ParticipantsOrderList({
  members,
  value,
  onChange,
  error,
}: {
  members: MemberOption[];
  value: string[];
  onChange: (next: string[]) => void;
  error?: string;
}) {
  const { t } = useI18n();
  const r = t.routing;
  const [dragging, setDragging] = useState<number | null>(null);
  const byId = new Map(members.map((m) => [m.userId, m]));
  const move = (from: number, to: number) => {
    if (to < 0 || to >= value.length || from === to) return;
    const next = [...value];
    const [moved] = next.splice(from, 1);
    next.splice(to, 0, moved!);
    onChange(next);
  };
  const available = members.filter((m) => !value.includes(m.userId));

  return (
    <div className="flex flex-col gap-2">
      <ol className="flex flex-col gap-1.5" aria-label={r.fields.participants} data-testid="participants-order">
        {value.map((userId, index) => {
          const member = byId.get(userId);
          const name = member?.name ?? userId;
          return (
            <li
              key={userId}
              draggable
              onDragStart={() => setDragging(index)}
              onDragOver={(event) => event.preventDefault()}
              onDrop={() => {
                if (dragging !== null) move(dragging, index);
                setDragging(null);
              }}
              // On a narrow phone the name keeps its width and the move buttons wrap under it, rather than squeezing it to an initial.
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-line bg-surface px-3 py-2 text-sm"
            >
              <span className="cursor-grab select-none text-ink-subtle max-sm:hidden" aria-hidden>⋮⋮</span>
              <span className="w-6 text-right tabular-nums text-ink-muted">{index + 1}</span>
              <Avatar name={name} image={member?.image ?? null} />
              <span className="min-w-0 flex-1 basis-36">
                <span className="block truncate">{name}</span>
                {member?.email && <span className="block truncate text-xs text-ink-subtle">{member.email}</span>}
              </span>
              <span className="ml-auto flex">
                <button type="button" className="rounded px-2 py-1 hover:bg-canvas disabled:opacity-40 touch:size-11" onClick={() => move(index, index - 1)} disabled={index === 0} aria-label={r.moveUp(name)}>
                  ↑
                </button>
                <button type="button" className="rounded px-2 py-1 hover:bg-canvas disabled:opacity-40 touch:size-11" onClick={() => move(index, index + 1)} disabled={index === value.length - 1} aria-label={r.moveDown(name)}>
                  ↓
                </button>
                <button type="button" className="rounded px-2 py-1 text-danger hover:bg-danger-soft touch:size-11" onClick={() => onChange(value.filter((id) => id !== userId))} aria-label={r.remove(name)}>
                  ✕
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      {available.length > 0 && (
        <Select
          aria-label={r.fields.addParticipant}
          value=""
          invalid={Boolean(error)}
          onChange={(event) => event.target.value && onChange([...value, event.target.value])}
        >
          <option value="">{r.fields.addParticipant}</option>
          {available.map((m) => (
            <option key={m.userId} value={m.userId}>
              {m.name} ({m.email})
            </option>
          ))}
        </Select>
      )}
      <p className="text-xs text-ink-muted">{r.fields.participantsHint}</p>
      {error && <p className="text-xs font-medium text-danger" data-field-error>{error}</p>}
    </div>
  );
}
