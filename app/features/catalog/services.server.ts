import type { PublicUser } from "~/features/auth/index.server";
import { assertAdmin } from "~/features/auth";
import { recordAdminAction } from "~/features/audit/index.server";
import type { Service } from "~/generated/prisma/client";
import { type Database, getDatabase, getPrisma } from "~/lib/database/db.server";
import { isUniqueViolation, sqlOfPrisma } from "~/lib/database/sql-client.server";
import { AppError } from "~/lib/errors";
import { type CatalogPlatform, type CatalogService, catalogPlatforms, formatMinor, type ServiceKind } from "./catalog";
import { type ServiceFields, type ServicePatch, serviceRuleProblems } from "./service-schema";

/**
 * The catalogue (issue #50, decision 0046): the services the operator sells, the one module that
 * writes the `services` table. Every process keeps the whole catalogue, read once, and reads it again
 * when any process changes it (the services_changed notification, as for signed-in users, decision
 * 0036), so /packages costs no query for it. While the notifications are not heard, it is read on
 * every use.
 */

/** The services in their order: by platform (SPEC's three first), then by the operator's position. */
export class Catalogue {
  readonly services: readonly CatalogService[];
  /** The services on sale, worked out once: every /packages request reads them. */
  readonly active: CatalogService[];
  readonly #byId: Map<string, CatalogService>;
  readonly #byNumber: Map<number, CatalogService>;

  constructor(services: CatalogService[]) {
    const platformOrder = (service: CatalogService) => catalogPlatforms.indexOf(service.platform);
    this.services = [...services].sort((a, b) => platformOrder(a) - platformOrder(b) || a.position - b.position || a.number - b.number);
    this.active = this.services.filter((service) => service.active);
    this.#byId = new Map(this.services.map((service) => [service.id, service]));
    this.#byNumber = new Map(this.services.map((service) => [service.number, service]));
  }

  find(id: string): CatalogService | undefined {
    return this.#byId.get(id);
  }

  findByNumber(number: number): CatalogService | undefined {
    return this.#byNumber.get(number);
  }

  /** The platforms with a service on sale, in the storefront's order. */
  get platformsOnSale(): CatalogPlatform[] {
    return catalogPlatforms.filter((platform) => this.active.some((service) => service.platform === platform));
  }

  activeOn(platform: CatalogPlatform): CatalogService[] {
    return this.active.filter((service) => service.platform === platform);
  }
}

class CatalogueCache {
  #kept: Catalogue | undefined;
  #isWatching = false;
  /** Counts every change heard, so a read can tell whether one came in while it ran. */
  #changes = 0;

  constructor(database: Pick<Database, "serviceChanges">) {
    database.serviceChanges.watch({
      changed: () => this.#forget(),
      watching: (isWatching) => {
        this.#isWatching = isWatching;
        this.#forget();
      },
    });
  }

  async get(): Promise<Catalogue> {
    if (this.#kept) return this.#kept;
    const changesBefore = this.#changes;
    const catalogue = new Catalogue((await getPrisma().service.findMany()).map(toCatalogService));
    if (this.#isWatching && this.#changes === changesBefore) this.#kept = catalogue;
    return catalogue;
  }

  #forget() {
    this.#changes += 1;
    this.#kept = undefined;
  }
}

const caches = new WeakMap<Database, CatalogueCache>();

/** The catalogue of the process's database (a test's database gets its own). */
export function getCatalogue(): Promise<Catalogue> {
  const database = getDatabase();
  let cache = caches.get(database);
  if (!cache) caches.set(database, (cache = new CatalogueCache(database)));
  return cache.get();
}

/** The service an order names by id, on sale; 400 otherwise (a disabled service's orders go on, but it takes no new ones). */
export async function serviceOnSale(id: string): Promise<CatalogService> {
  const service = (await getCatalogue()).find(id);
  if (!service) throw new AppError(400, "unknown_package", "Invalid packageId: Unknown package: choose one of the packages on sale");
  if (!service.active) throw new AppError(400, "service_unavailable", `${service.name} is not on sale at the moment.`);
  return service;
}

function toCatalogService(row: Service): CatalogService {
  return {
    id: row.id,
    number: row.number,
    platform: row.platform,
    kind: row.kind as ServiceKind,
    target: row.target,
    name: row.name,
    description: row.description,
    unitPriceMinor: row.unitPriceMinor,
    workerRewardMinor: row.workerRewardMinor,
    minQuantity: row.minQuantity,
    maxQuantity: row.maxQuantity,
    refillDays: row.refillDays,
    dripFeed: row.dripFeed,
    cancel: row.cancel,
    deliveryTime: row.deliveryTime,
    active: row.active,
    position: row.position,
  };
}

/** "x" for X (the services API's name), SPEC's value for the others. */
export const apiPlatform = (platform: CatalogPlatform) => (platform === "twitter" ? "x" : platform);

/** GET /api/services: a service on sale, as anyone may read it. */
export interface PublicServiceView {
  id: string;
  platform: string;
  kind: ServiceKind;
  target: CatalogService["target"];
  name: string;
  description: string;
  unitPrice: string;
  min: number;
  max: number;
  refillDays: number;
  dripFeed: boolean;
  cancel: boolean;
}

export function toPublicServiceView(service: CatalogService): PublicServiceView {
  const { id, kind, target, name, description, refillDays, dripFeed, cancel } = service;
  return { id, platform: apiPlatform(service.platform), kind, target, name, description, unitPrice: formatMinor(service.unitPriceMinor), min: service.minQuantity, max: service.maxQuantity, refillDays, dripFeed, cancel };
}

/** Admin › Services: the whole service, its reward, delivery time, state and place included. */
export interface AdminServiceView extends PublicServiceView {
  number: number;
  workerReward: string;
  deliveryTime: string;
  active: boolean;
  position: number;
}

export function toAdminServiceView(service: CatalogService): AdminServiceView {
  return { ...toPublicServiceView(service), number: service.number, workerReward: formatMinor(service.workerRewardMinor), deliveryTime: service.deliveryTime, active: service.active, position: service.position };
}

/** GET /api/services. */
export async function listServicesOnSale(): Promise<PublicServiceView[]> {
  return (await getCatalogue()).active.map(toPublicServiceView);
}

/** GET /api/admin/services: every service, disabled ones too, in the storefront's order. */
export async function listServicesForAdmin(admin: PublicUser): Promise<AdminServiceView[]> {
  assertAdmin(admin);
  return (await readCatalogueNow()).services.map(toAdminServiceView);
}

/** The catalogue as stored this moment (an admin's page shows their own change at once). */
async function readCatalogueNow(): Promise<Catalogue> {
  return new Catalogue((await getPrisma().service.findMany()).map(toCatalogService));
}

const defaultDeliveryTime = "24-48 Hours";

/** The stored columns of a service's fields (the API's names → the table's). */
function columnsOf(fields: ServicePatch) {
  return {
    platform: fields.platform,
    kind: fields.kind,
    target: fields.target,
    name: fields.name,
    description: fields.description,
    unitPriceMinor: fields.unitPrice,
    workerRewardMinor: fields.workerReward,
    minQuantity: fields.min,
    maxQuantity: fields.max,
    refillDays: fields.refillDays,
    dripFeed: fields.dripFeed,
    cancel: fields.cancel,
    deliveryTime: fields.deliveryTime,
    active: fields.active,
  };
}

/** POST /api/admin/services: a new service, last on its platform, audited. */
export async function createService(admin: PublicUser, fields: ServiceFields): Promise<AdminServiceView> {
  assertAdmin(admin);
  const base = `${apiPlatform(fields.platform)}-${fields.kind}`;
  for (let attempt = 0; ; attempt += 1) {
    try {
      const created = await getPrisma().$transaction(async (transaction) => {
        const taken = new Set((await transaction.service.findMany({ where: { id: { startsWith: base } }, select: { id: true } })).map(({ id }) => id));
        let id = base;
        for (let suffix = 2; taken.has(id); suffix += 1) id = `${base}-${suffix}`;
        const last = await transaction.service.aggregate({ where: { platform: fields.platform }, _max: { position: true } });
        const row = await transaction.service.create({
          data: {
            ...columnsOf(fields),
            id,
            platform: fields.platform,
            kind: fields.kind,
            target: fields.target,
            name: fields.name,
            unitPriceMinor: fields.unitPrice,
            workerRewardMinor: fields.workerReward,
            minQuantity: fields.min,
            maxQuantity: fields.max,
            description: fields.description ?? "",
            deliveryTime: fields.deliveryTime ?? defaultDeliveryTime,
            position: (last._max.position ?? 0) + 1,
          },
        });
        const view = toAdminServiceView(toCatalogService(row));
        await recordAdminAction(sqlOfPrisma(transaction), admin, { action: "service.create", targetType: "service", targetId: id, details: { before: null, after: { ...view } } });
        return view;
      });
      heardHere();
      return created;
    } catch (error) {
      // Another admin took the same id at the same moment: the next free one.
      if (isUniqueViolation(error) && attempt < 3) continue;
      throw error;
    }
  }
}

/** PATCH /api/admin/services/{id}: the named fields change; audited with before → after. Orders keep what they were bought at. */
export async function updateService(admin: PublicUser, id: string, patch: ServicePatch): Promise<AdminServiceView> {
  assertAdmin(admin);
  const updated = await getPrisma().$transaction(async (transaction) => {
    // The row is locked so two admins' changes do not merge into a service neither checked.
    const [locked] = await sqlOfPrisma(transaction).query<{ id: string }>("SELECT id FROM services WHERE id = $1::text FOR UPDATE", [id]);
    if (!locked) throw new AppError(404, "not_found", "Service not found");
    const before = toCatalogService(await transaction.service.findUniqueOrThrow({ where: { id } }));
    // What a service sells is fixed: its orders, tasks and the panels that name it by number rely on it.
    for (const field of ["platform", "kind", "target"] as const) {
      if (patch[field] !== undefined && patch[field] !== before[field]) {
        throw new AppError(400, "invalid_field", `Invalid ${field}: what a service sells (platform, kind, target) cannot change; create a new service and disable this one`, { details: { field } });
      }
    }
    const columns = Object.fromEntries(Object.entries(columnsOf(patch)).filter(([, value]) => value !== undefined));
    const merged = { ...before, ...columns } as CatalogService;
    const [problem] = serviceRuleProblems(merged);
    if (problem) throw new AppError(400, "invalid_field", `Invalid ${problem.field}: ${problem.message}`, { details: { field: problem.field } });
    const row = await transaction.service.update({ where: { id }, data: { ...columns, updatedAt: new Date() } });
    const after = toAdminServiceView(toCatalogService(row));
    await recordAdminAction(sqlOfPrisma(transaction), admin, { action: "service.update", targetType: "service", targetId: id, details: { before: { ...toAdminServiceView(before) }, after: { ...after } } });
    return after;
  });
  heardHere();
  return updated;
}

/** Moves a service one place up or down among its platform's, audited. */
export async function moveService(admin: PublicUser, id: string, direction: "up" | "down"): Promise<AdminServiceView[]> {
  assertAdmin(admin);
  await getPrisma().$transaction(async (transaction) => {
    // One admin reorders at a time: positions are read and rewritten as a whole.
    await sqlOfPrisma(transaction).query("SELECT 1 AS locked FROM pg_advisory_xact_lock(hashtextextended('services order', 0))");
    const service = await transaction.service.findUnique({ where: { id } });
    if (!service) throw new AppError(404, "not_found", "Service not found");
    const siblings = new Catalogue((await transaction.service.findMany({ where: { platform: service.platform } })).map(toCatalogService)).services;
    const at = siblings.findIndex((sibling) => sibling.id === id);
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= siblings.length) return;
    const reordered = [...siblings];
    [reordered[at], reordered[to]] = [reordered[to], reordered[at]];
    for (const [index, sibling] of reordered.entries()) {
      const position = (index + 1) * 10;
      if (sibling.position !== position) await transaction.service.update({ where: { id: sibling.id }, data: { position, updatedAt: new Date() } });
    }
    await recordAdminAction(sqlOfPrisma(transaction), admin, {
      action: "service.move",
      targetType: "service",
      targetId: id,
      details: { before: siblings.map((sibling) => sibling.id), after: reordered.map((sibling) => sibling.id) },
    });
  });
  heardHere();
  return listServicesForAdmin(admin);
}

/** This process changed the catalogue: its copy goes now; other processes hear it by notification. */
function heardHere(): void {
  getDatabase().serviceChanges.announce("all");
}
