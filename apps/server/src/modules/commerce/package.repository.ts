import type { AddonType, PackageType } from '@edgeward/contract';
import { and, asc, desc, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Executor } from '../../db/connect';
import { orders, packages, userPackages } from '../../db/schema';

export type PackageRow = typeof packages.$inferSelect;
export type NewPackage = typeof packages.$inferInsert;
export type UserPackageRow = typeof userPackages.$inferSelect & { orderNo: string };

/** A package by its code (the command line) or its id (the operator console). */
export type PackageRef = { code: string } | { id: number };
const packageWhere = (ref: PackageRef) => ('code' in ref ? eq(packages.code, ref.code) : eq(packages.id, ref.id));

/** Adds a package; undefined when its code is taken (also by one added at the same moment). */
export async function insertPackage(db: Executor, row: NewPackage): Promise<PackageRow | undefined> {
  const [created] = await db.insert(packages).values(row).onConflictDoNothing({ target: packages.code }).returning();
  return created;
}

/** The catalogue: on sale only unless `all`, by type then price. */
export async function listPackages(
  db: Executor,
  filter: { type?: PackageType; all?: boolean } = {},
): Promise<PackageRow[]> {
  return db
    .select()
    .from(packages)
    .where(
      and(filter.type ? eq(packages.type, filter.type) : undefined, filter.all ? undefined : eq(packages.onSale, true)),
    )
    .orderBy(asc(packages.type), asc(packages.priceFen), asc(packages.id));
}

export async function findPackage(db: Executor, id: number): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(packages).where(eq(packages.id, id));
  return row;
}

export async function findPackageByCode(db: Executor, code: string): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(packages).where(eq(packages.code, code));
  return row;
}

/** The package, locked for the rest of the transaction. */
export async function lockPackage(db: Executor, ref: PackageRef): Promise<PackageRow | undefined> {
  const [row] = await db.select().from(packages).where(packageWhere(ref)).for('update');
  return row;
}

export async function updatePackageTexts(
  db: Executor,
  ref: PackageRef,
  texts: Partial<Pick<PackageRow, 'name' | 'nameZh' | 'spec' | 'specZh'>>,
): Promise<PackageRow | undefined> {
  const [row] = await db.update(packages).set(texts).where(packageWhere(ref)).returning();
  return row;
}

export async function setOnSale(db: Executor, ref: PackageRef, onSale: boolean): Promise<PackageRow | undefined> {
  const [row] = await db.update(packages).set({ onSale }).where(packageWhere(ref)).returning();
  return row;
}

export async function insertUserPackage(db: Executor, row: typeof userPackages.$inferInsert): Promise<void> {
  await db.insert(userPackages).values(row);
}

export async function revokeUserPackage(db: Executor, orderId: number, at: Date): Promise<void> {
  await db.update(userPackages).set({ revokedAt: at }).where(eq(userPackages.orderId, orderId));
}

/** The user's packages of the given types, newest first, with their order numbers. */
export async function listUserPackages(
  db: Executor,
  userId: number,
  types: readonly PackageType[],
): Promise<UserPackageRow[]> {
  return db
    .select({
      id: userPackages.id,
      userId: userPackages.userId,
      orderId: userPackages.orderId,
      type: userPackages.type,
      name: userPackages.name,
      nameZh: userPackages.nameZh,
      spec: userPackages.spec,
      specZh: userPackages.specZh,
      quota: userPackages.quota,
      effectiveAt: userPackages.effectiveAt,
      expiresAt: userPackages.expiresAt,
      revokedAt: userPackages.revokedAt,
      createdAt: userPackages.createdAt,
      orderNo: orders.orderNo,
    })
    .from(userPackages)
    .innerJoin(orders, eq(orders.id, userPackages.orderId))
    .where(and(eq(userPackages.userId, userId), inArray(userPackages.type, [...types])))
    .orderBy(desc(userPackages.effectiveAt), desc(userPackages.id));
}

/** Whether the user holds the add-on now: bought, in force, not refunded. */
export async function holdsAddon(db: Executor, userId: number, addon: AddonType, at: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: userPackages.id })
    .from(userPackages)
    .where(
      and(
        eq(userPackages.userId, userId),
        eq(userPackages.type, addon),
        isNull(userPackages.revokedAt),
        lte(userPackages.effectiveAt, at),
        gt(userPackages.expiresAt, at),
      ),
    )
    .limit(1);
  return row !== undefined;
}
