/** The station TV queries. */
export const tvQueryKeys = {
  deviceStatus: ['tv', 'device'] as const,
  deviceScreen: ['tv', 'screen'] as const,
  staffScreen: (stationId: string) => ['tv', 'station-screen', stationId] as const,
};
