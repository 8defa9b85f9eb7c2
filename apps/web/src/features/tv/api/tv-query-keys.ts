/** The station TV queries, and the admin's list of paired displays. */
export const tvQueryKeys = {
  deviceStatus: ['tv', 'device'] as const,
  deviceScreen: ['tv', 'screen'] as const,
  staffScreen: (stationId: string) => ['tv', 'station-screen', stationId] as const,
  displays: ['settings', 'tv-displays'] as const,
};
