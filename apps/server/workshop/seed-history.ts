import type { LoupeClient } from './loupe-client.ts';
import { mapLimited } from './map-limited.ts';
import { randomInt, shuffle, type TRandom } from './random.ts';
import { postReaderPayload } from './reader-http.ts';
import { impinjPayload, type TSimRead, zebraPayload } from './reader-payloads.ts';
import { statusByHandAt, statusSteps } from './status-by-hand.ts';
import {
  antennaOf,
  DISPATCH,
  dwellMinutes,
  impinjAntennaNames,
  intakeAntenna,
  plannedRoute,
  READERS,
  type TItemKind,
  type TReaderPlan,
  type TStationKey,
  VENDOR_RETURNS,
} from './workshop-plan.ts';

/**
 * The seed's past: every piece walked through the rooms over the past days, sent as real reader payloads
 * to the HTTP ingest; then what staff flag and set by hand where each piece ends up.
 */

/** A tagged piece as the seed made it. */
type TItem = { readonly kind: TItemKind; readonly id: string; readonly epc: string };

const MINUTE = 60_000;

export async function seedHistory(
  client: LoupeClient,
  workshop: { readonly items: readonly TItem[]; readonly readers: readonly { id: string; apiKey: string }[] },
  context: { now: Date; random: TRandom; limit: number; step: (line: string) => void },
): Promise<void> {
  const { now, random, limit, step } = context;
  const histories = planHistories(workshop.items, { now, random });
  const rounds = Math.max(...histories.map((history) => history.rounds.length));
  const keyOf = new Map(workshop.readers.map((reader) => [reader.id, reader.apiKey]));
  let sent = 0;
  for (let round = 0; round < rounds; round += 1) {
    const byReader = new Map<string, TSimRead[]>();
    for (const history of histories) {
      for (const read of history.rounds[round] ?? []) {
        const list = byReader.get(read.reader.id) ?? [];
        list.push(read);
        byReader.set(read.reader.id, list);
      }
    }
    await Promise.all(
      [...byReader].map(([readerId, reads]) => {
        const plan = READERS.find((reader) => reader.id === readerId);
        const apiKey = keyOf.get(readerId);
        if (plan === undefined || apiKey === undefined) throw new Error(`no reader ${readerId}`);
        sent += reads.length;
        return postReaderPayload(client.baseUrl, apiKey, plan.kind, payloadFor(plan, reads));
      }),
    );
  }
  step(`Sent ${sent} past reads through the HTTP ingest (${rounds} rounds)`);

  // Pieces at an outside vendor are expected offsite; the status follows where each piece is.
  const flagged = histories.filter((history) => history.fate === 'expected-offsite');
  await mapLimited(flagged, limit, (history) =>
    client.request('POST', `/tracking/${history.item.kind}s/${history.item.id}/expected-offsite`, {
      expectedOffsite: true,
    }),
  );
  // The reads moved each job's status with its phase; staff set by hand only what reads do not.
  await mapLimited(histories, limit, async (history) => {
    const wanted = statusByHandAt(history.item.kind, history.lastStation);
    if (wanted === null) return;
    const path = history.item.kind === 'order' ? '/orders' : '/repairs';
    const { status } = await client.data<{ status: string }>('GET', `${path}/${history.item.id}`);
    for (const next of statusSteps(history.item.kind, status, wanted)) {
      await client.request('PATCH', `${path}/${history.item.id}`, { status: next });
    }
  });
  const away = histories.filter((history) => history.fate === 'offsite').length;
  step(
    `Set statuses; ${flagged.length} pieces at outside vendors flagged expected offsite, ${away} unseen for hours (the offsite sweep marks them)`,
  );
}

type THistoryRead = TSimRead & { readonly reader: TReaderPlan };

type THistory = {
  readonly item: TItem;
  /** What becomes of the piece: in the workshop, out unannounced, or out at a vendor as expected. */
  readonly fate: 'active' | 'offsite' | 'expected-offsite';
  readonly lastStation: TStationKey;
  /** Reads by round: the intake read, one round per station, then the latest sighting. */
  readonly rounds: THistoryRead[][];
};

/** 2 to 4 reads of a tag landing in a field, within a second or two, the RSSI wandering a few dB. */
function arrivalReads(
  place: { reader: TReaderPlan; antenna: number },
  epc: string,
  at: Date,
  random: TRandom,
): THistoryRead[] {
  const base = randomInt(random, -66, -46);
  let time = at.getTime();
  return Array.from({ length: randomInt(random, 2, 4) }, () => {
    const read = {
      reader: place.reader,
      epc,
      antenna: place.antenna,
      at: new Date(time),
      rssi: base + randomInt(random, -3, 3),
    };
    time += randomInt(random, 150, 1500);
    return read;
  });
}

function planHistories(items: readonly TItem[], context: { now: Date; random: TRandom }): THistory[] {
  const { now, random } = context;
  const count = items.length;
  const fateCount = count >= 10 ? Math.max(1, Math.round(count * 0.04)) : count >= 4 ? 1 : 0;
  // A few pieces of each fate, drawn without repeats.
  const shuffled = shuffle(
    random,
    items.map((_, index) => index),
  );
  const expected = new Set(shuffled.slice(0, fateCount));
  const offsite = new Set(shuffled.slice(fateCount, 2 * fateCount));
  const intake = intakeAntenna();

  return items.map((item, index): THistory => {
    const fate = expected.has(index) ? 'expected-offsite' : offsite.has(index) ? 'offsite' : 'active';
    let route: TStationKey[];
    let stops: number;
    if (fate === 'expected-offsite') {
      route = plannedRoute(item.kind, random, { toVendor: true });
      stops = route.indexOf(DISPATCH) + 1;
    } else {
      route = plannedRoute(item.kind, random);
      stops = randomInt(random, 1, route.length);
      // Not left at the dispatch shelf unflagged: that piece is already back.
      if (route[stops - 1] === DISPATCH) stops += 1;
    }
    const path = route.slice(0, Math.max(1, stops));
    const lastStation = path[path.length - 1] ?? route[0] ?? VENDOR_RETURNS;

    // Backwards from the last arrival: each station held the piece for its dwell time.
    const lastArrivalAgo =
      fate === 'active'
        ? randomInt(random, 5, Math.min(600, dwellMinutes(lastStation, random)))
        : fate === 'offsite'
          ? randomInt(random, 120, 1200)
          : randomInt(random, 180, 2160);
    const arrivals: Date[] = new Array(path.length);
    let at = now.getTime() - lastArrivalAgo * MINUTE;
    for (let stop = path.length - 1; stop >= 0; stop -= 1) {
      arrivals[stop] = new Date(at);
      const previous = path[stop - 1];
      if (previous !== undefined)
        at -= dwellMinutes(previous, random) * MINUTE + randomInt(random, 0, 59_000);
    }
    const first = arrivals[0] ?? now;
    const rounds: THistoryRead[][] = [
      arrivalReads(intake, item.epc, new Date(first.getTime() - randomInt(random, 5, 90) * MINUTE), random),
    ];
    path.forEach((key, stop) => {
      const place = antennaOf(key);
      const arrival = arrivals[stop];
      if (place === null || arrival === undefined) throw new Error(`no antenna at ${key}`);
      rounds.push(arrivalReads(place, item.epc, arrival, random));
    });
    if (fate === 'active') {
      // The reader kept seeing it until a moment ago.
      const place = antennaOf(lastStation);
      if (place !== null) {
        rounds.push(
          arrivalReads(place, item.epc, new Date(now.getTime() - randomInt(random, 20, 240) * 1000), random),
        );
      }
    }
    return { item, fate, lastStation, rounds };
  });
}

function payloadFor(reader: TReaderPlan, reads: readonly TSimRead[]): string {
  switch (reader.kind) {
    case 'zebra':
      return zebraPayload(reads, { hostName: reader.hostName, mac: reader.mac });
    case 'impinj':
      return impinjPayload(reads, reader.hostName, { antennaNames: impinjAntennaNames(reader) });
  }
}
