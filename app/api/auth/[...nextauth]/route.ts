import NextAuth from "next-auth";
import { authOptions } from "~/server/auth/next-auth-options";
import { guardSignIn } from "~/server/auth/sign-in-guard";

const handler = guardSignIn(NextAuth(authOptions) as (req: Request, context: unknown) => Promise<Response>);

export { handler as GET, handler as POST };
