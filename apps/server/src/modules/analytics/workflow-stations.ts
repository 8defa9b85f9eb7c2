import { percentileFromBuckets, round } from '@loupe/domain/analytics/statistics';
import type { TAnalyticsReferenceRepository } from './reference-repository.ts';
import type { TStationBucketRow } from './station-buckets-repository.ts';

type TStation = Awaited<ReturnType<TAnalyticsReferenceRepository['stations']>>[number];

/** Station figures from duration buckets: average and p90 hours, total hours. */
function stationFigures(rows: readonly TStationBucketRow[]) {
  const byStation = new Map<
    string,
    { visits: number; minutes: number; buckets: { bucket: number; count: number }[] }
  >();
  for (const row of rows) {
    const entry = byStation.get(row.stationId) ?? { visits: 0, minutes: 0, buckets: [] };
    entry.visits += row.visits;
    entry.minutes += row.minutes;
    entry.buckets.push({ bucket: row.bucket, count: row.visits });
    byStation.set(row.stationId, entry);
  }
  const figures = new Map<
    string,
    {
      visits: number;
      totalHours: number;
      average: number | null;
      median: number | null;
      p90: number | null;
    }
  >();
  for (const [stationId, entry] of byStation) {
    const p = (q: number) => {
      const minutes = percentileFromBuckets(entry.buckets, q);
      return minutes === null ? null : round(minutes / 60);
    };
    figures.set(stationId, {
      visits: entry.visits,
      totalHours: entry.minutes / 60,
      average: entry.visits === 0 ? null : round(entry.minutes / entry.visits / 60),
      median: p(0.5),
      p90: p(0.9),
    });
  }
  return figures;
}

/** The workflow screen's station times (in station order) and its 20 bottlenecks (the most hours first). */
export function stationTables(bucketRows: readonly TStationBucketRow[], stations: readonly TStation[]) {
  const figures = stationFigures(bucketRows);
  const stationById = new Map(stations.map((station) => [station.id, station]));
  const stationTimes = stations.flatMap((station) => {
    const figure = figures.get(station.id);
    if (!figure) return [];
    return [
      {
        stationId: station.id,
        stationName: station.name,
        departmentId: station.departmentId,
        departmentName: station.departmentName,
        hours: { count: figure.visits, average: figure.average, median: figure.median, p90: figure.p90 },
      },
    ];
  });
  const totalHours = [...figures.values()].reduce((sum, figure) => sum + figure.totalHours, 0);
  const bottlenecks = [...figures.entries()]
    .flatMap(([stationId, figure]) => {
      const station = stationById.get(stationId);
      return station ? [{ station, figure }] : [];
    })
    .sort((a, b) => b.figure.totalHours - a.figure.totalHours)
    .slice(0, 20)
    .map(({ station, figure }, index) => ({
      rank: index + 1,
      stationId: station.id,
      stationName: station.name,
      departmentName: station.departmentName,
      totalHours: round(figure.totalHours, 1),
      share: totalHours === 0 ? 0 : round(figure.totalHours / totalHours, 4),
      averageHours: figure.average,
      p90Hours: figure.p90,
      waitingNow: station.waitingNow,
    }));
  return { stationTimes, bottlenecks };
}
