import { RateLimiterRes } from "rate-limiter-flexible";
import { ApiError } from "../errors/api-error";
import { countFailure, failuresExhausted, forgetFailures, type FailureBudget } from "../rate-limit/failure-budget";
import { limiterStoreReady, namedLimiter } from "../rate-limit/limiter-store";

/**
 * Budgets for the anonymous doors that cost us work: sign-in (an Argon2
 * verification) and sign-up (a hash and a new organization), in the
 * rate-limit store (Redis when configured, so every instance shares the
 * count). A refusal is `429 RATE_LIMITED` with `Retry-After`.
 * - Sign-in counts failures only, per client address and per email: a sales
 *   office of forty agents behind one address signs in at nine in the
 *   morning, while guessing passwords stops after a few tries (the hashing
 *   queue bounds the CPU either way). A success clears its email's failures.
 * - Sign-up, reset and verification mails count every attempt per address and per email.
 */
interface Budget {
  points: number;
  seconds: number;
}

/** Failed sign-ins (wrong password, unknown account) allowed per client address and per email. */
export const SIGN_IN_BUDGETS = {
  perAddress: { name: "sign-in:address", points: 30, seconds: 15 * 60 },
  perEmail: { name: "sign-in:email", points: 10, seconds: 15 * 60 },
} satisfies Record<string, FailureBudget>;

export const SIGN_UP_BUDGETS = {
  perAddress: { points: 10, seconds: 60 * 60 },
  perEmail: { points: 5, seconds: 60 * 60 },
} satisfies Record<string, Budget>;

/**
 * Password-reset requests and verification mails send an email each: a few an
 * hour per address and per client, counted whether or not the account exists
 * (so a refusal tells nothing about it).
 */
export const ACCOUNT_MAIL_BUDGETS = {
  perAddress: { points: 10, seconds: 60 * 60 },
  perEmail: { points: 3, seconds: 60 * 60 },
} satisfies Record<string, Budget>;

type Action = "sign-up" | "password-reset" | "verification-mail";

const BUDGETS: Record<Action, { perAddress: Budget; perEmail: Budget }> = {
  "sign-up": SIGN_UP_BUDGETS,
  "password-reset": ACCOUNT_MAIL_BUDGETS,
  "verification-mail": ACCOUNT_MAIL_BUDGETS,
};

function limiterFor(action: Action, scope: "address" | "email") {
  const budgets = BUDGETS[action];
  const budget = scope === "address" ? budgets.perAddress : budgets.perEmail;
  return namedLimiter(`${action}:${scope}`, budget.points, budget.seconds);
}

export class TooManyAttemptsError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super("RATE_LIMITED", "auth.tooManyAttempts", { retryAfter: retryAfterSeconds }, { "Retry-After": String(retryAfterSeconds) });
  }
}

async function spend(action: Action, scope: "address" | "email", key: string): Promise<void> {
  try {
    await limiterFor(action, scope).consume(key, 1);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw new TooManyAttemptsError(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
    throw rejection;
  }
}

/**
 * Counts one attempt; throws TooManyAttemptsError when either budget is spent.
 * `address` is absent for in-process callers (no HTTP request), which are
 * then limited per email only.
 */
export async function throttleAttempt(action: Action, who: { address?: string; email: string }): Promise<void> {
  await limiterStoreReady();
  if (who.address !== undefined) await spend(action, "address", who.address);
  await spend(action, "email", who.email.trim().toLowerCase());
}

const normalised = (email: string) => email.trim().toLowerCase();

/**
 * Before a password is verified: refused (TooManyAttemptsError) when the
 * address or the email has used up its failures. Spends nothing.
 * `address` is absent for in-process callers (no HTTP request).
 */
export async function assertSignInAllowed(who: { address?: string; email: string }): Promise<void> {
  const waits = await Promise.all([
    who.address === undefined ? null : failuresExhausted(SIGN_IN_BUDGETS.perAddress, who.address),
    failuresExhausted(SIGN_IN_BUDGETS.perEmail, normalised(who.email)),
  ]);
  const wait = Math.max(...waits.map((seconds) => seconds ?? 0));
  if (wait > 0) throw new TooManyAttemptsError(wait);
}

/** After a password was verified: a failure counts against the address and the email; a success clears the email's failures. */
export async function recordSignIn(who: { address?: string; email: string }, succeeded: boolean): Promise<void> {
  if (succeeded) return forgetFailures(SIGN_IN_BUDGETS.perEmail, normalised(who.email));
  if (who.address !== undefined) await countFailure(SIGN_IN_BUDGETS.perAddress, who.address);
  await countFailure(SIGN_IN_BUDGETS.perEmail, normalised(who.email));
}

/**
 * Invitation mails (sent or resent) per organization: an admin's account
 * taken over, or a script gone wrong, cannot turn the server into a mailer.
 */
export const INVITATION_BUDGET = { points: 50, seconds: 60 * 60 } satisfies Budget;

export async function throttleInvitations(organizationId: string): Promise<void> {
  await limiterStoreReady();
  try {
    await namedLimiter("invitations:organization", INVITATION_BUDGET.points, INVITATION_BUDGET.seconds).consume(organizationId, 1);
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) throw new TooManyAttemptsError(Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)));
    throw rejection;
  }
}
