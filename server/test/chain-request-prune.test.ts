import { describe, expect, it } from "vitest";
import { asc } from "drizzle-orm";
import { FINISHED_KEPT_MS, pruneFinishedRequests } from "../src/chain/chain-request-worker";
import { chainRequests, type ChainRequestStatus } from "../src/db/schema";
import { useScratchDatabase } from "./support/scratch-database";

const DAY = 86_400_000;
const scratch = useScratchDatabase();

describe("the finished chain requests", () => {
  it("are deleted once older than the retention; pending, sent and recent ones stay", async () => {
    const now = Date.now();
    const row = (id: number, status: ChainRequestStatus, ageMs: number) => ({
      kind: "withdraw" as const,
      toAddress: "0x" + "11".repeat(20),
      data: "0x" + id.toString(16).padStart(8, "0"),
      requestHash: "0x" + id.toString(16).padStart(64, "0"),
      status,
      updatedAt: new Date(now - ageMs),
      createdAt: new Date(now - ageMs),
    });
    await scratch()
      .db.insert(chainRequests)
      .values([
        row(1, "mined", 8 * DAY),
        row(2, "failed", 30 * DAY),
        row(3, "refused", 7 * DAY + 60_000),
        row(4, "reverted", 6 * DAY),
        row(5, "mined", 60_000),
        row(6, "pending", 30 * DAY),
        row(7, "sent", 30 * DAY),
      ]);

    const pruned = await pruneFinishedRequests(scratch().db, new Date(now - FINISHED_KEPT_MS));

    expect(pruned).toBe(3);
    const left = await scratch().db.select({ status: chainRequests.status }).from(chainRequests).orderBy(asc(chainRequests.id));
    expect(left.map((r) => r.status)).toEqual(["reverted", "mined", "pending", "sent"]);
    expect(await pruneFinishedRequests(scratch().db, new Date(now - FINISHED_KEPT_MS))).toBe(0);
  });
});
