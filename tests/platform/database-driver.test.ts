import { describe, expect, it } from "vitest";
import { useApiTest } from "../support/api-test";

const t = useApiTest();

describe("database driver", () => {
  it("a transaction never sends a statement while another is running on its connection (no pg deprecation warning)", async () => {
    const warnings: string[] = [];
    const listener = (warning: Error) => warnings.push(warning.message);
    process.on("warning", listener);
    try {
      // A create reads its relations back inside its transaction; Prisma sends those reads together.
      const responses = await Promise.all(
        Array.from({ length: 4 }, (_, i) => t.server.api("/leads", { token: t.org.key, method: "POST", json: { email: `w${i}@example.test` } })),
      );
      expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201]);
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", listener);
    }
    expect(warnings.filter((message) => message.includes("already executing a query"))).toEqual([]);
  });
});
