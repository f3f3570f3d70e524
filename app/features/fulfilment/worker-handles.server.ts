import type { PublicUser } from "~/features/auth/index.server";
import { Prisma } from "~/generated/prisma/client";
import { getPrisma } from "~/lib/database/db.server";
import { AppError } from "~/lib/errors";
import type { workerHandleSchema } from "./handle-schema";
import type { z } from "zod";

/** A worker's accounts on the platforms: the proof of who did a task, one worker per handle. */
export interface WorkerHandleView {
  platform: string;
  handle: string;
}

function assertWorker(user: PublicUser) {
  if (user.role !== "worker") throw new AppError(403, "forbidden", "Only workers link platform handles.");
}

export async function listWorkerHandles(worker: PublicUser): Promise<WorkerHandleView[]> {
  assertWorker(worker);
  const handles = await getPrisma().workerHandle.findMany({ where: { workerId: worker.id }, orderBy: { platform: "asc" }, select: { platform: true, handle: true } });
  return handles;
}

/** Links (or changes) the worker's handle on a platform they joined. */
export async function linkWorkerHandle(worker: PublicUser, { platform, handle }: z.output<typeof workerHandleSchema>): Promise<WorkerHandleView> {
  assertWorker(worker);
  if (!worker.platforms.includes(platform)) throw new AppError(400, "platform_not_joined", "Join this platform first: it is not among the platforms of your worker account.");
  try {
    return await getPrisma().workerHandle.upsert({
      where: { workerId_platform: { workerId: worker.id, platform } },
      create: { workerId: worker.id, platform, handle },
      update: { handle },
      select: { platform: true, handle: true },
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") {
      throw new AppError(409, "handle_taken", "This handle is linked to another worker account.");
    }
    throw error;
  }
}
