/** The spec's default ceilings per organization. */
export const DEFAULT_CEILINGS = { second: 3, minute: 200, month: 50_000 } as const;

export interface OrganizationRateLimits {
  rateLimitExempt: boolean;
  rateLimitPerSecond: number | null;
  rateLimitPerMinute: number | null;
  rateLimitPerMonth: number | null;
}

export interface Ceilings {
  second: number | null;
  minute: number | null;
  month: number | null;
}

/**
 * A custom ceiling, when an administrator set one, replaces the default for
 * that window. An exempt organization has no limit on any window that has no
 * custom ceiling (null = unlimited).
 */
export function effectiveCeilings(limits: OrganizationRateLimits): Ceilings {
  const pick = (custom: number | null, fallback: number) => custom ?? (limits.rateLimitExempt ? null : fallback);
  return {
    second: pick(limits.rateLimitPerSecond, DEFAULT_CEILINGS.second),
    minute: pick(limits.rateLimitPerMinute, DEFAULT_CEILINGS.minute),
    month: pick(limits.rateLimitPerMonth, DEFAULT_CEILINGS.month),
  };
}
