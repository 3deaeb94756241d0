import { randomBytes } from "node:crypto";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { z } from "zod";
import { config } from "../config/config";
import { getDb } from "../db";
import { safeCallbackUrl } from "./callback-url";
import { hashPassword, verifyPassword } from "./passwords";
import { isSessionCurrent, sessionLifetimeSeconds } from "./sessions";

/**
 * Dashboard sign-in: email + password (Argon2id), JWT sessions. The token
 * carries the user id and the active organization; switching organizations
 * is a session update (`update({ organizationId })`) that is honoured only
 * for an organization the user belongs to. Membership and the session
 * generation are re-checked on every request when the Principal is built, so
 * a removed member, or a session ended by "sign out everywhere", loses access
 * at once (server/auth/sessions.ts). Lifetime: SESSION_MAX_AGE, sliding.
 */
const credentialsSchema = z.object({ email: z.string().trim().toLowerCase().email(), password: z.string().min(1).max(256) });

// Verifying against a throwaway hash when the email is unknown keeps sign-in
// time the same whether or not an account exists.
let dummyHash: Promise<string> | undefined;
const throwawayHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString("hex")));

export const authOptions: NextAuthOptions = {
  // next-auth would read NEXTAUTH_SECRET itself; passing it keeps server/config the one source.
  secret: config().NEXTAUTH_SECRET,
  session: { strategy: "jwt", maxAge: sessionLifetimeSeconds() },
  pages: { signIn: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(raw) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) return null;
        const db = await getDb();
        const user = await db.user.findUnique({ where: { email: parsed.data.email } });
        const ok = await verifyPassword(user?.passwordHash ?? (await throwawayHash()), parsed.data.password);
        if (!user || !user.passwordHash || !ok) return null;
        return { id: user.id, email: user.email, name: user.name, image: user.image, sessionGeneration: user.sessionGeneration };
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user, trigger, session }) {
      if (user) {
        token.userId = user.id;
        token.sessionGeneration = (user as { sessionGeneration?: number }).sessionGeneration ?? 0;
        return token;
      }
      if (typeof token.userId === "string") {
        // Every session read refreshes the cookie (sliding expiry); a revoked session is not renewed.
        const db = await getDb();
        const current = await db.user.findUnique({ where: { id: token.userId }, select: { sessionGeneration: true } });
        const tokenGeneration = typeof token.sessionGeneration === "number" ? token.sessionGeneration : undefined;
        if (!current || !isSessionCurrent(tokenGeneration, current.sessionGeneration)) {
          return { exp: token.exp, iat: token.iat, jti: token.jti };
        }
      }
      if (trigger === "update") {
        const requested = (session as { organizationId?: unknown } | undefined)?.organizationId;
        if (typeof requested === "string" && typeof token.userId === "string") {
          const db = await getDb();
          const membership = await db.membership.findUnique({
            where: { organizationId_userId: { organizationId: requested, userId: token.userId } },
            select: { organizationId: true },
          });
          if (membership) token.organizationId = membership.organizationId;
        }
      }
      return token;
    },
    session({ session, token }) {
      return {
        ...session,
        userId: typeof token.userId === "string" ? token.userId : undefined,
        organizationId: typeof token.organizationId === "string" ? token.organizationId : undefined,
        sessionGeneration: typeof token.sessionGeneration === "number" ? token.sessionGeneration : undefined,
      };
    },
    /** After sign-in and sign-out, only addresses on this app's own origin are followed. */
    redirect({ url, baseUrl }) {
      return new URL(safeCallbackUrl(url, baseUrl), baseUrl).toString();
    },
  },
};

export interface InmoSession {
  userId?: string;
  organizationId?: string;
  /** The user's session generation when this session was issued (see server/auth/sessions.ts). */
  sessionGeneration?: number;
}
