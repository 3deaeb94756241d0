import { describe, expect, it } from "vitest";
import { createPrismaClient } from "../../server/db/client";
import { WORD_SIMILARITY_THRESHOLD } from "../../server/db/session-settings";
import { useApiTest } from "../support/api-test";

const t = useApiTest({ organization: false, server: false });

const settingsOf = async (databaseUrl: string) => {
  const db = createPrismaClient(databaseUrl);
  try {
    const [row] = await db.$queryRaw<{ threshold: string; timeout: string }[]>`
      SELECT current_setting('pg_trgm.word_similarity_threshold') AS "threshold", current_setting('statement_timeout') AS "timeout"`;
    return row;
  } finally {
    await db.$disconnect();
  }
};

describe("the settings every connection of the app starts with", () => {
  it("start each session, with the fuzzy search's threshold", async () => {
    expect(await settingsOf(t.databaseUrl)).toMatchObject({ threshold: String(WORD_SIMILARITY_THRESHOLD) });
  });

  it("are kept beside options the operator put in DATABASE_URL, which stay in force too", async () => {
    const url = new URL(t.databaseUrl);
    url.searchParams.set("options", "-c statement_timeout=4321");
    expect(await settingsOf(url.toString())).toEqual({ threshold: String(WORD_SIMILARITY_THRESHOLD), timeout: "4321ms" });
  });
});
