import { config } from "./config";

/**
 * The dashboard's public origin, for links in mails and notifications:
 * `NEXTAUTH_URL`, else this process on localhost (a local install, where
 * `npm start` sets NEXTAUTH_URL to exactly that anyway).
 */
export function appOrigin(): string {
  const { NEXTAUTH_URL, PORT } = config();
  return NEXTAUTH_URL ? new URL(NEXTAUTH_URL).origin : `http://localhost:${PORT}`;
}
