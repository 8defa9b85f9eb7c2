import type { LoupeClient } from './loupe-client.ts';
import { chance, pick, randomInt, type TRandom } from './random.ts';
import { ORDER_TEMPLATES, REPAIR_TEMPLATES } from './workshop-catalog.ts';

/** New orders and repairs as staff would enter them, for the seed and the simulator's next pieces. */

const MINUTE = 60_000;

function isoDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** What new orders and repairs refer to: customers, catalog types by name, and staff. */
export type TPieceRefs = {
  readonly customerIds: readonly string[];
  readonly productIdOf: ReadonlyMap<string, string>;
  readonly metalIdOf: ReadonlyMap<string, string>;
  readonly salespeople: readonly string[];
  readonly designers: readonly string[];
};

/** The refs of a seeded Loupe, for pieces made later (the simulator's next orders). */
export async function loadPieceRefs(client: LoupeClient): Promise<TPieceRefs> {
  type TPage<T> = { items: T[] };
  const [customers, metals, products, staff] = await Promise.all([
    client.data<TPage<{ id: string }>>('GET', '/customers?limit=100'),
    client.data<TPage<{ id: string; name: string }>>('GET', '/catalog/metal-types?limit=100'),
    client.data<TPage<{ id: string; name: string }>>('GET', '/catalog/product-types?limit=100'),
    client.data<TPage<{ id: string; role: string }>>('GET', '/users?limit=100'),
  ]);
  return {
    customerIds: customers.items.map((customer) => customer.id),
    metalIdOf: new Map(metals.items.map((type) => [type.name, type.id])),
    productIdOf: new Map(products.items.map((type) => [type.name, type.id])),
    salespeople: staff.items.filter((user) => user.role === 'salesperson').map((user) => user.id),
    designers: staff.items.filter((user) => user.role === 'designer').map((user) => user.id),
  };
}

function promisedIn(random: TRandom, now: Date, minDays: number, maxDays: number): string {
  return isoDay(new Date(now.getTime() + randomInt(random, minDays, maxDays) * 24 * 60 * MINUTE));
}

/** A custom order as a salesperson would take it: a product, a metal, a description, price and deposit. */
export function drawOrderInput(random: TRandom, refs: TPieceRefs, now: Date) {
  const template = pick(random, ORDER_TEMPLATES);
  const price = Math.round(randomInt(random, template.price[0], template.price[1]) / 50) * 50;
  const deposit = Math.round((price * randomInt(random, 30, 50)) / 100 / 10) * 10;
  const isRush = chance(random, 0.1);
  return {
    customerId: pick(random, refs.customerIds),
    productTypeId: refs.productIdOf.get(template.productType) ?? null,
    metalTypeId: refs.metalIdOf.get(pick(random, template.metals)) ?? null,
    description: pick(random, template.descriptions),
    ...(refs.salespeople.length > 0 ? { salespersonId: pick(random, refs.salespeople) } : {}),
    ...(refs.designers.length > 0 ? { designerId: pick(random, refs.designers) } : {}),
    isRush,
    promisedDate: isRush ? promisedIn(random, now, 3, 7) : promisedIn(random, now, 14, 45),
    priceCents: price * 100,
    depositCents: deposit * 100,
  };
}

/** A repair as the counter takes it in: the item, the work, its condition, value and estimate. */
export function drawRepairInput(random: TRandom, refs: TPieceRefs, now: Date) {
  const template = pick(random, REPAIR_TEMPLATES);
  const isRush = chance(random, 0.15);
  return {
    customerId: pick(random, refs.customerIds),
    itemDescription: template.item,
    repairTypes: [...template.types],
    conditionNotes: template.condition,
    declaredValueCents: template.value * 100,
    estimateCents: template.estimate * 100,
    isRush,
    promisedDate: isRush ? promisedIn(random, now, 1, 3) : promisedIn(random, now, 5, 14),
  };
}
