/**
 * The workshop of `npm run bench:ingest`: departments, stations and readers with mapped antennas through
 * Loupe's API (a reader's key is only ever shown by the API), and the tagged orders straight into the
 * database in batches, as bench/orders-list.ts does — 2,400 orders and tag assignments one request at a
 * time took minutes on PGlite, longer than the measurement itself.
 */
import { randomBytes } from 'node:crypto';
import { customerSearchText } from '@loupe/domain/customers/customer';
import { formatOrderNumber, orderSearchText } from '@loupe/domain/orders/order';
import { sql } from 'drizzle-orm';
import { openDatabase, type TDatabaseOptions } from '../src/db/client.ts';
import { customers } from '../src/db/schema/catalog.ts';
import { orders } from '../src/db/schema/jobs.ts';
import { trackedItems } from '../src/db/schema/tracking.ts';
import type { LoupeClient } from '../workshop/loupe-client.ts';
import type { TLoadReader } from './ingest-protocol.ts';

const BATCH = 500;

/** 96-bit EPCs: a 6-digit prefix and the index in hex. */
export const epcOf = (prefix: string, index: number) =>
  `${prefix}${index.toString(16).toUpperCase().padStart(18, '0')}`;

/** One department per reader, one station per antenna, each antenna mapped to its station. */
export async function seedReaders(
  client: LoupeClient,
  options: { readonly readers: number; readonly antennasPerReader: number },
): Promise<TLoadReader[]> {
  const suffix = randomBytes(3).toString('hex');
  const readers: TLoadReader[] = [];
  for (let r = 1; r <= options.readers; r += 1) {
    const department = await client.data<{ id: string }>('POST', '/departments', {
      name: `Bench room ${r} ${suffix}`,
    });
    const readerId = `bench-fx-${r}-${suffix}`;
    const reader = await client.data<{ apiKey: string }>('POST', '/readers', {
      id: readerId,
      name: `Bench FX9600 ${r}`,
      kind: 'zebra',
    });
    const antennas: number[] = [];
    for (let antenna = 1; antenna <= options.antennasPerReader; antenna += 1) {
      const station = await client.data<{ id: string }>('POST', `/departments/${department.id}/stations`, {
        name: `Bench ${antenna}`,
      });
      await client.request('PUT', `/readers/${readerId}/antennas/${antenna}`, {
        departmentId: department.id,
        stationId: station.id,
      });
      antennas.push(antenna);
    }
    readers.push({ id: readerId, apiKey: reader.apiKey, antennas });
  }
  return readers;
}

/**
 * `count` orders of one customer, each with a tag, as POST /orders and POST /tracking/assign-epc leave
 * them (status active, nowhere yet). Loupe must not be running on a PGlite directory meanwhile.
 * `placed`: the first tags lie, since an hour ago, at the station of these readers' antennas (the steady
 * workshop's pieces, bench/ingest-steady.ts), as a read there would have left them.
 */
export async function seedTaggedOrders(
  database: TDatabaseOptions,
  count: number,
  placed: readonly { readonly readerId: string; readonly antenna: number }[] = [],
): Promise<string[]> {
  const handle = await openDatabase(database);
  try {
    const { db } = handle;
    const name = 'Ada Lovelace';
    const phone = '+1 555 0100';
    const [customer] = await db
      .insert(customers)
      .values({ name, phone, email: null, searchText: customerSearchText({ name, phone }) })
      .returning({ id: customers.id });
    if (!customer) throw new Error('no customer row');
    const epcs: string[] = [];
    for (let start = 0; start < count; start += BATCH) {
      const size = Math.min(BATCH, count - start);
      const rows = Array.from({ length: size }, (_, j) => {
        const orderNumber = formatOrderNumber(start + j + 1);
        const description = `Bench signet ring ${start + j + 1}`;
        return {
          orderNumber,
          customerId: customer.id,
          description,
          status: 'in_production',
          searchText: orderSearchText({ orderNumber, customerName: name, description }),
        };
      });
      const inserted = await db.insert(orders).values(rows).returning({ id: orders.id });
      const tags = inserted.map((row, j) => ({
        itemKind: 'order',
        itemId: row.id,
        epc: epcOf('E28011', start + j),
        status: 'active',
      }));
      await db.insert(trackedItems).values(tags);
      epcs.push(...tags.map((tag) => tag.epc));
    }
    for (let start = 0; start < placed.length; start += BATCH) {
      const rows = placed
        .slice(start, start + BATCH)
        .map((place, j) => sql`(${epcs[start + j] ?? ''}, ${place.readerId}, ${place.antenna}::int)`);
      await db.execute(sql`
        update tracked_items set
          current_department_id = a.department_id, current_station_id = a.station_id,
          current_reader_id = a.reader_id, current_antenna = a.antenna,
          arrived_at = now() - interval '1 hour', last_seen_at = now() - interval '1 hour'
        from (values ${sql.join(rows, sql`, `)}) as p(epc, reader_id, antenna)
        join reader_antennas a on a.reader_id = p.reader_id and a.antenna = p.antenna
        where tracked_items.epc = p.epc`);
    }
    if (placed.length > 0) {
      const result = (await db.execute(
        sql`select count(*)::int as n from tracked_items where current_station_id is not null`,
      )) as { rows: { n: number }[] };
      const n = Number(result.rows[0]?.n ?? 0);
      if (n !== placed.length) throw new Error(`${n} of ${placed.length} pieces placed at a station`);
    }
    await db.execute(sql`select setval('order_number_seq', ${count})`);
    await db.execute(sql`analyze`);
    return epcs;
  } finally {
    await handle.close();
  }
}
