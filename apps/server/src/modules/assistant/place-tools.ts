import {
  DEPARTMENTS_PATH,
  dateTimeText,
  durationText,
  OFFSITE_PATH,
  stationPath,
} from '@loupe/domain/assistant/answer-format';
import { jobQueryPhrase, matchesJobQuery } from '@loupe/domain/assistant/job-query';
import { localDate as localDateOf } from '@loupe/domain/assistant/question-parser';
import { isAllowed } from '@loupe/domain/auth/permissions';
import { jobStateText } from '@loupe/domain/jobs/job-views';
import type { TStationItem } from '@loupe/domain/tracking/tracking-api';
import type { TWorkflowJob } from '@loupe/domain/workflow/workflow-api';
import { OFFSITE_LIST_ACCESS } from '../tracking/service.ts';
import type { TJobLookup } from './job-lookup.ts';
import { queryOf, sameText, ZOffsiteInput, ZPlaceInput } from './job-tool-inputs.ts';
import {
  deniedResult,
  empty,
  jobCitation,
  jobLink,
  MODEL_JOBS_MAX,
  memoized,
  REPAIRS_DENIED,
  TABLE_ROWS_MAX,
  type TAssistantToolsOptions,
  type TStationRef,
  tool,
  visibleKinds,
} from './tool-kit.ts';

/**
 * The tools about places (issue 16 §1): what stands at a station or in a department, and what is out of
 * the building, each as the station screens and the offsite list show it to the asking user.
 */
export function createPlaceTools(options: TAssistantToolsOptions, lookup: TJobLookup) {
  const { visibleRecords } = lookup;

  const itemsAtPlace = tool({
    name: 'items_at_place',
    description:
      'What stands at a station, or in a whole department, now (longest there first), as the station screens show it; optionally only one kind, only what arrived since an ISO date-time, and only jobs in job views, a status or a due window (as list_jobs).',
    input: ZPlaceInput,
    async run(context, input) {
      const { actor, now, timeZone } = context;
      if (input.kind && !visibleKinds(actor).includes(input.kind)) return deniedResult(REPAIRS_DENIED);
      const stations = await memoized(context, 'stations', () => options.stations());
      const targets = input.station
        ? stations.filter((s) => sameText(s.name, input.station ?? '') || s.id === input.station)
        : stations.filter(
            (s) => sameText(s.departmentName, input.department ?? '') || s.departmentId === input.department,
          );
      if (targets.length === 0) {
        return { ...empty, summary: 'no such station or department', data: { found: false } };
      }
      const since = input.since ? Date.parse(input.since) : Number.NaN;
      const query = queryOf(input);
      const filtered = query.views.length > 0 || query.status !== null || query.due !== null;
      const tomorrow = localDateOf(now, timeZone, 1);
      const records = await visibleRecords(context, input.kind);
      const cards = new Map(records.map(({ card }) => [`${card.kind}:${card.id}`, card]));
      const items: (TStationItem & { station: TStationRef; card: TWorkflowJob | undefined })[] = [];
      for (const station of targets) {
        // The station's pieces as its screen and GET /tracking/stations/{id}/items show them to this user.
        for (const item of await options.itemsAtStation(actor, station.id)) {
          if (item.status === 'offsite') continue;
          if (input.kind && item.kind !== input.kind) continue;
          if (!Number.isNaN(since) && (item.arrivedAt === null || Date.parse(item.arrivedAt) < since))
            continue;
          const card = cards.get(`${item.kind}:${item.id}`);
          if (filtered && (card === undefined || !matchesJobQuery(card, query, tomorrow))) continue;
          items.push({ ...item, station, card });
        }
      }
      items.sort((a, b) => (a.arrivedAt ?? '').localeCompare(b.arrivedAt ?? ''));
      const first = targets[0] as TStationRef;
      const placeName = input.station ? first.name : first.departmentName;
      const byStation = new Map<string, number>();
      for (const item of items) byStation.set(item.station.name, (byStation.get(item.station.name) ?? 0) + 1);
      return {
        ...empty,
        summary: `${items.length} at ${placeName}`,
        data: {
          place: placeName,
          kind: input.station ? 'station' : 'department',
          count: items.length,
          asked: jobQueryPhrase(query),
          items: items.slice(0, MODEL_JOBS_MAX).map((item) => ({
            kind: item.kind,
            number: item.number,
            customer: item.customerName,
            station: item.station.name,
            arrivedAt: item.arrivedAt,
            state: item.card ? jobStateText(item.card.state) : null,
            phase: item.card?.workflow.phaseName ?? null,
          })),
        },
        citations: [
          ...(input.station
            ? [
                {
                  kind: 'station' as const,
                  id: first.id,
                  label: first.name,
                  href: stationPath(first.departmentId, first.id),
                },
              ]
            : [
                {
                  kind: 'department' as const,
                  id: first.departmentId,
                  label: first.departmentName,
                  href: DEPARTMENTS_PATH,
                },
              ]),
          ...items.slice(0, TABLE_ROWS_MAX).map((item) => jobCitation(item)),
        ],
        table:
          items.length === 0
            ? null
            : {
                columns: input.station
                  ? ['Job', 'Customer', 'Arrived', 'Time here', 'State']
                  : ['Job', 'Customer', 'Station', 'Time here', 'State'],
                rows: items
                  .slice(0, TABLE_ROWS_MAX)
                  .map((item) => [
                    jobLink(item),
                    item.customerName,
                    input.station
                      ? item.arrivedAt
                        ? dateTimeText(item.arrivedAt, timeZone)
                        : '—'
                      : item.station.name,
                    item.arrivedAt ? durationText(now.getTime() - Date.parse(item.arrivedAt)) : '—',
                    item.card ? jobStateText(item.card.state) : '—',
                  ]),
              },
        chart:
          !input.station && byStation.size > 1
            ? {
                title: `Pieces by station in ${placeName}`,
                bars: [...byStation].map(([label, value]) => ({ label, value })),
              }
            : null,
        jobs: items.flatMap((item) => (item.card ? [item.card] : [])),
      };
    },
  });

  const offsite = tool({
    name: 'offsite_items',
    description:
      'Open orders and repairs out of the building now (offsite), optionally of one kind: since when (counted from when each was last seen), where each was last read, and whether it was expected to leave.',
    input: ZOffsiteInput,
    async run(context, input) {
      const { actor, now, timeZone } = context;
      if (input.kind && !visibleKinds(actor).includes(input.kind)) return deniedResult(REPAIRS_DENIED);
      const open = (await visibleRecords(context, input.kind)).map((record) => record.card);
      const offsiteCards = open.filter((card) => card.state.isOffsite);
      // Who may open /offsite gets its list (GET /tracking/offsite), restricted to the open jobs of the kinds
      // asked; everyone else the open jobs in the offsite view, as their lists and dashboard show them.
      let pieces = offsiteCards;
      if (isAllowed(actor, OFFSITE_LIST_ACCESS)) {
        const cards = new Map(open.map((card) => [`${card.kind}:${card.id}`, card]));
        pieces = (await options.offsiteItems(actor)).flatMap((item) => {
          const card = cards.get(`${item.itemKind}:${item.itemId}`);
          return card ? [card] : [];
        });
      }
      const sinceOf = (card: TWorkflowJob) => card.state.offsiteSince ?? card.location?.lastSeenAt ?? null;
      return {
        ...empty,
        summary: `${pieces.length} offsite`,
        data: {
          count: pieces.length,
          items: pieces.slice(0, MODEL_JOBS_MAX).map((card) => ({
            kind: card.kind,
            number: card.number,
            customer: card.customerName,
            since: sinceOf(card),
            expected: card.location?.expectedOffsite ?? false,
            lastStation: card.location?.stationName ?? null,
            state: jobStateText(card.state),
          })),
        },
        citations: [
          { kind: 'page', id: 'offsite', label: 'Offsite', href: OFFSITE_PATH },
          ...pieces.map(jobCitation),
        ],
        table:
          pieces.length === 0
            ? null
            : {
                columns: ['Job', 'Customer', 'Last seen at', 'Offsite since', 'Expected'],
                rows: pieces.slice(0, TABLE_ROWS_MAX).map((card) => {
                  const since = sinceOf(card);
                  return [
                    jobLink(card),
                    card.customerName,
                    card.location?.stationName ?? '—',
                    since
                      ? `${dateTimeText(since, timeZone)} (${durationText(now.getTime() - Date.parse(since))})`
                      : '—',
                    card.location?.expectedOffsite ? 'Yes' : 'No',
                  ];
                }),
              },
        jobs: pieces,
      };
    },
  });

  return { itemsAtPlace, offsite };
}
