import {
  EPCIS_CONTEXT_URL,
  EPCIS_LOUPE_PREFIX,
  EPCIS_SCHEMA_VERSION,
  type TEpcisEventQuery,
  type TEpcisJson,
} from './epcis';

/**
 * The EPCIS 2.0 events of Loupe's own history (issue 41), a pure mapping: nothing is stored twice. A row of
 * `location_history` (a job arriving at a station) or of `item_changes` (a tag commissioned or removed, an
 * offsite detection or return, a phase or status change) becomes one ObjectEvent, or none when the change
 * means nothing in the Core Business Vocabulary (CBV 2.0) or the job had no tag then. Identifiers are URIs
 * under the server's PUBLIC_URL (docs/integrations.md › EPCIS): stations are read points, departments business
 * locations, and each event's id names the row it comes from, so a query asked twice answers the same ids.
 */

export type TEpcisJobKind = 'order' | 'repair';

/** One history row, with the job's number and the tag and place it had at that moment. */
export type TEpcisSourceRow = {
  readonly source: 'move' | 'change';
  readonly id: number;
  readonly at: Date;
  readonly kind: TEpcisJobKind;
  readonly itemId: string;
  /** ORD-00042 / REP-00007; null if the job was deleted since. */
  readonly number: string | null;
  /** The tag's normalized EPC (hex) at that moment (a removed tag's: the one removed); null if untagged. */
  readonly epc: string | null;
  /** For a change: its action and {from, to} per field (item_changes.changes). */
  readonly action: string | null;
  readonly changes: Readonly<Record<string, { readonly from?: unknown; readonly to?: unknown }>> | null;
  /** Where the job was: the arrival's station, or a change's latest arrival at or before it. */
  readonly stationId: string | null;
  readonly departmentId: string | null;
};

type TVocabulary = {
  readonly action: 'ADD' | 'OBSERVE' | 'DELETE';
  readonly bizStep: string;
  readonly disposition: string;
};

/** The mapping table (CBV 2.0 bare words, as the JSON-LD binding writes them); docs/integrations.md repeats it. */
export const EPCIS_VOCABULARY = {
  tagCommissioned: { action: 'ADD', bizStep: 'commissioning', disposition: 'active' },
  tagRemoved: { action: 'DELETE', bizStep: 'decommissioning', disposition: 'inactive' },
  arrived: { action: 'OBSERVE', bizStep: 'arriving', disposition: 'in_progress' },
  offsite: { action: 'OBSERVE', bizStep: 'departing', disposition: 'in_transit' },
  returned: { action: 'OBSERVE', bizStep: 'receiving', disposition: 'in_progress' },
  inspecting: { action: 'OBSERVE', bizStep: 'inspecting', disposition: 'in_progress' },
  orderWork: { action: 'OBSERVE', bizStep: 'assembling', disposition: 'in_progress' },
  repairWork: { action: 'OBSERVE', bizStep: 'repairing', disposition: 'in_progress' },
  ready: { action: 'OBSERVE', bizStep: 'staging_outbound', disposition: 'available' },
  orderDelivered: { action: 'OBSERVE', bizStep: 'retail_selling', disposition: 'retail_sold' },
  repairPickedUp: { action: 'OBSERVE', bizStep: 'shipping', disposition: 'completeness_verified' },
} as const satisfies Record<string, TVocabulary>;

/** The history actions that can make an event (the repository reads only these). */
export const EPCIS_SOURCE_ACTIONS = [
  'epc-assigned',
  'tracking-stopped',
  'offsite-detected',
  'returned-from-offsite',
  'phase-changed',
  'status-changed',
] as const;

/** A phase named or keyed as quality control ('qa', 'Quality check', 'QC', 'Inspection'). */
const QUALITY_PHASE = /^(qa|qc)$|quality|inspect/i;

const BIZSTEP_URN = 'urn:epcglobal:cbv:bizstep:';
const BIZSTEP_WEB = 'https://ref.gs1.org/cbv/BizStep-';

/** A bizStep as a filter may give it (bare word, CBV URN or GS1 web URI), as the bare word events carry. */
export function bareBizStep(value: string): string {
  if (value.startsWith(BIZSTEP_URN)) return value.slice(BIZSTEP_URN.length);
  if (value.startsWith(BIZSTEP_WEB)) return value.slice(BIZSTEP_WEB.length);
  return value;
}

function toOf(changes: TEpcisSourceRow['changes'], field: string): unknown {
  return changes?.[field]?.to;
}

/** The vocabulary of a history row, or null when it is no EPCIS event. */
export function epcisVocabularyOf(row: TEpcisSourceRow): TVocabulary | null {
  if (row.source === 'move') return EPCIS_VOCABULARY.arrived;
  switch (row.action) {
    case 'epc-assigned':
      return EPCIS_VOCABULARY.tagCommissioned;
    case 'tracking-stopped':
      return EPCIS_VOCABULARY.tagRemoved;
    case 'offsite-detected':
      return EPCIS_VOCABULARY.offsite;
    case 'returned-from-offsite':
      return EPCIS_VOCABULARY.returned;
    case 'phase-changed': {
      // The history names the phase (its name in the template, or its key; 'Done' once the last is finished):
      // a quality phase is an inspection, any other is work on the piece. Finishing the last phase makes
      // none (the status change to ready that follows does). The workflow keeps phase and status together, so
      // the status changes that go with a phase (in production, quality check) make none either.
      const phase = toOf(row.changes, 'phase');
      if (typeof phase !== 'string' || phase === 'Done' || /^ready\b/i.test(phase)) return null;
      if (QUALITY_PHASE.test(phase)) return EPCIS_VOCABULARY.inspecting;
      return row.kind === 'repair' ? EPCIS_VOCABULARY.repairWork : EPCIS_VOCABULARY.orderWork;
    }
    case 'status-changed': {
      const status = toOf(row.changes, 'status');
      if (status === 'ready') return EPCIS_VOCABULARY.ready;
      if (status === 'delivered') return EPCIS_VOCABULARY.orderDelivered;
      if (status === 'picked_up') return EPCIS_VOCABULARY.repairPickedUp;
      return null;
    }
    default:
      return null;
  }
}

// ── Identifiers ──────────────────────────────────────────────────────────────────────────────────

/** Loupe's tags carry EPCs it does not decode (any 96-bit or longer code): TDS 2.0's raw form. */
export function epcUriOf(hex: string): string {
  return `urn:epc:raw:${hex.length * 4}.x${hex.toUpperCase()}`;
}

/** The hex of a `urn:epc:raw:<bits>.x<hex>` URI, or null for any other URI (which matches no Loupe tag). */
export function epcHexOf(uri: string): string | null {
  const match = /^urn:epc:raw:(\d+)\.x([0-9A-Fa-f]+)$/.exec(uri);
  if (!match?.[1] || !match[2] || Number(match[1]) !== match[2].length * 4) return null;
  return match[2].toUpperCase();
}

/** `<PUBLIC_URL>/epcis/<what>/<id>`: a read point, a business location, an event id, the vocabulary. */
export type TEpcisUris = {
  readonly station: (id: string) => string;
  readonly department: (id: string) => string;
  readonly event: (source: TEpcisSourceRow['source'], id: number) => string;
  /** The IRI Loupe's `loupe:` prefix stands for. */
  readonly vocabulary: string;
  /** The id at the end of a station's or department's URI, or null when it is not one of Loupe's. */
  readonly stationIdOf: (uri: string) => string | null;
  readonly departmentIdOf: (uri: string) => string | null;
};

export function epcisUris(publicUrl: string): TEpcisUris {
  const base = `${publicUrl.replace(/\/+$/, '')}/epcis`;
  const idAfter = (prefix: string) => (uri: string) => {
    if (!uri.startsWith(prefix)) return null;
    const rest = uri.slice(prefix.length);
    if (rest === '' || rest.includes('/')) return null;
    try {
      return decodeURIComponent(rest);
    } catch {
      return null;
    }
  };
  return {
    station: (id) => `${base}/stations/${encodeURIComponent(id)}`,
    department: (id) => `${base}/departments/${encodeURIComponent(id)}`,
    event: (source, id) => `${base}/events/${source}-${id}`,
    vocabulary: `${base}/vocabulary#`,
    stationIdOf: idAfter(`${base}/stations/`),
    departmentIdOf: idAfter(`${base}/departments/`),
  };
}

// ── Events and documents ─────────────────────────────────────────────────────────────────────────

/** The event of a history row (without @context: the document's carries it), or null. */
export function epcisEventOf(row: TEpcisSourceRow, uris: TEpcisUris): TEpcisJson | null {
  const vocabulary = epcisVocabularyOf(row);
  const epc = row.epc;
  if (vocabulary === null || epc === null || epc === '') return null;
  const job = { kind: row.kind, id: row.itemId, number: row.number };
  return {
    type: 'ObjectEvent',
    eventID: uris.event(row.source, row.id),
    eventTime: row.at.toISOString(),
    eventTimeZoneOffset: '+00:00',
    epcList: [epcUriOf(epc)],
    action: vocabulary.action,
    bizStep: vocabulary.bizStep,
    disposition: vocabulary.disposition,
    ...(row.stationId === null ? {} : { readPoint: { id: uris.station(row.stationId) } }),
    ...(row.departmentId === null ? {} : { bizLocation: { id: uris.department(row.departmentId) } }),
    ...(vocabulary.action === 'ADD'
      ? {
          ilmd: {
            [`${EPCIS_LOUPE_PREFIX}:jobKind`]: row.kind,
            [`${EPCIS_LOUPE_PREFIX}:jobId`]: row.itemId,
            [`${EPCIS_LOUPE_PREFIX}:jobNumber`]: row.number,
          },
        }
      : {}),
    [`${EPCIS_LOUPE_PREFIX}:job`]: job,
  };
}

/** Whether an event passes a query's filters (those the repository could not apply in SQL, and the rest). */
export function matchesEpcisQuery(event: TEpcisJson, query: TEpcisEventQuery): boolean {
  const time = Date.parse(String(event.eventTime));
  if (query.GE_eventTime !== undefined && time < Date.parse(query.GE_eventTime)) return false;
  if (query.LT_eventTime !== undefined && time >= Date.parse(query.LT_eventTime)) return false;
  const epcs = (event.epcList as string[] | undefined) ?? [];
  for (const wanted of [query.MATCH_epc, query.MATCH_anyEPC]) {
    if (wanted !== undefined && !epcs.some((epc) => wanted.includes(epc))) return false;
  }
  if (query.EQ_bizStep !== undefined && !query.EQ_bizStep.map(bareBizStep).includes(String(event.bizStep))) {
    return false;
  }
  const idOf = (field: 'readPoint' | 'bizLocation') => (event[field] as { id?: string } | undefined)?.id;
  if (query.EQ_readPoint !== undefined && !query.EQ_readPoint.includes(idOf('readPoint') ?? '')) return false;
  if (query.EQ_bizLocation !== undefined && !query.EQ_bizLocation.includes(idOf('bizLocation') ?? '')) {
    return false;
  }
  return true;
}

type TEpcisDocumentInput = {
  readonly events: readonly TEpcisJson[];
  readonly uris: TEpcisUris;
  readonly createdAt: Date;
};

/** What both document types open with: the JSON-LD context (with Loupe's prefix), the type and the dates. */
function documentHead(type: 'EPCISDocument' | 'EPCISQueryDocument', input: TEpcisDocumentInput) {
  return {
    '@context': [EPCIS_CONTEXT_URL, { [EPCIS_LOUPE_PREFIX]: input.uris.vocabulary }],
    type,
    schemaVersion: EPCIS_SCHEMA_VERSION,
    creationDate: input.createdAt.toISOString(),
  };
}

/** An EPCISDocument (the export, and the capture's body). */
export function epcisDocument(input: TEpcisDocumentInput): TEpcisJson {
  return { ...documentHead('EPCISDocument', input), epcisBody: { eventList: [...input.events] } };
}

/** The answer of GET /epcis/events: an EPCISQueryDocument of a SimpleEventQuery. */
export function epcisQueryDocument(input: TEpcisDocumentInput): TEpcisJson {
  return {
    ...documentHead('EPCISQueryDocument', input),
    epcisBody: {
      queryResults: { queryName: 'SimpleEventQuery', resultsBody: { eventList: [...input.events] } },
    },
  };
}
