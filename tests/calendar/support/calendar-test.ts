import { afterAll, beforeAll } from "vitest";
import { beginCalendarConnection, completeCalendarConnection } from "../../../server/calendar/calendar-connection";
import { startFakeGoogle, useFakeGoogleEnv, type FakeGoogle } from "../../fakes/google-calendar";
import { useApiTest, type ApiTestOptions } from "../../support/api-test";

/**
 * useApiTest plus a loopback Google the server is configured to use, and
 * `connect`, which runs the real OAuth code flow (authorize redirect, PKCE
 * exchange) against it for one member.
 */
export function useCalendarTest(options: ApiTestOptions = {}) {
  const t = useApiTest(options);
  let fake: FakeGoogle | undefined;

  beforeAll(async () => {
    fake = await startFakeGoogle();
    useFakeGoogleEnv(fake);
  });
  afterAll(async () => {
    await fake?.close();
  });

  return {
    t,
    get google(): FakeGoogle {
      if (!fake) throw new Error("the fake Google starts in beforeAll");
      return fake;
    },
    async connect(userId: string, account: string, organizationId = t.org.id) {
      fake!.nextAccount = account;
      const redirectUri = "http://127.0.0.1/settings/calendar/callback";
      const { url, pending } = await beginCalendarConnection({ redirectUri });
      const response = await fetch(url, { redirect: "manual" });
      const callbackUrl = new URL(response.headers.get("location")!);
      return completeCalendarConnection(t.db, { organizationId, userId, callbackUrl, pending, redirectUri });
    },
  };
}
