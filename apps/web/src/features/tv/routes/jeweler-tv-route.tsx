import { TV_REFRESH_MS } from '@loupe/domain/tv/tv-displays';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { LoadingSpinner } from '@/components/loading-spinner';
import { isApiError } from '@/lib/api-error';
import { useAuth } from '@/lib/auth/auth-context';
import { paths, pathTo } from '@/lib/paths';
import { getDeviceStatus } from '../api/get-device-status';
import { useStationScreen } from '../api/get-station-screen';
import { useTvScreen } from '../api/get-tv-screen';
import { tvQueryKeys } from '../api/tv-query-keys';
import { StationScreen } from '../components/station-screen';
import { TvMessage } from '../components/tv-message';
import { clearDeviceToken, readDeviceToken } from '../device-token';
import { isNotPaired } from '../tv-errors';
import { useStationSocket } from '../use-station-socket';

/** A failed fetch is retried every few seconds, for ever, except when the TV is no longer paired. */
const RETRY_DELAY_MS = 5000;
const retryUnlessUnpaired = (_count: number, error: unknown) => !isNotPaired(error);

/**
 * /jeweler-tv/{stationId} (issue 14): a paired TV shows its own station, whatever the address says; signed-in
 * staff see the station in the address; anyone else is sent to pairing, never to a sign-in page.
 */
export function JewelerTvRoute() {
  const { stationId = '' } = useParams();
  const [deviceToken] = useState(readDeviceToken);
  const auth = useAuth();
  if (deviceToken !== null) return <DeviceScreen deviceToken={deviceToken} stationId={stationId} />;
  if (auth.status === 'loading') return <LoadingSpinner fullScreen label="Loading the station screen" />;
  if (auth.status === 'signed-out') return <Navigate to={paths.tvSetup} replace />;
  return <StaffScreen stationId={stationId} />;
}

function DeviceScreen({ deviceToken, stationId }: { deviceToken: string; stationId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const screen = useTvScreen({ retry: retryUnlessUnpaired, retryDelay: RETRY_DELAY_MS });
  const backToPairing = useCallback(() => {
    clearDeviceToken();
    queryClient.removeQueries({ queryKey: tvQueryKeys.deviceScreen });
    navigate(paths.tvSetup, { replace: true });
  }, [navigate, queryClient]);
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: tvQueryKeys.deviceScreen }),
    [queryClient],
  );
  const connection = useStationSocket({
    deviceToken,
    onScreenChanged: refresh,
    onDisplayChanged: (change) => (change.revoked ? backToPairing() : refresh()),
    // A refused socket may mean a revoked TV, or a server still starting: ask which.
    onRefused: () => {
      getDeviceStatus().catch((error: unknown) => {
        if (isNotPaired(error)) backToPairing();
      });
    },
  });

  useEffect(() => {
    if (isNotPaired(screen.error)) backToPairing();
  }, [screen.error, backToPairing]);
  const shownStation = screen.data?.station.id;
  useEffect(() => {
    // Moved to another station in Settings: the address follows, so a reload shows the same.
    if (shownStation !== undefined && shownStation !== stationId) {
      navigate(pathTo(paths.jewelerTv, { stationId: shownStation }), { replace: true });
    }
  }, [shownStation, stationId, navigate]);

  if (screen.data)
    return <StationScreen screen={screen.data} connection={screen.isError ? 'reconnecting' : connection} />;
  if (isApiError(screen.error) && screen.error.code === 'CONFLICT') {
    return <TvMessage title="This TV has no station">{screen.error.message}</TvMessage>;
  }
  return (
    <TvMessage title="Connecting to Loupe…">
      {screen.isError ? 'Loupe cannot be reached right now. This screen keeps trying by itself.' : null}
    </TvMessage>
  );
}

function StaffScreen({ stationId }: { stationId: string }) {
  const queryClient = useQueryClient();
  const queryKey = tvQueryKeys.staffScreen(stationId);
  const screen = useStationScreen(stationId, { refetchInterval: TV_REFRESH_MS, retryDelay: RETRY_DELAY_MS });
  const connection = useStationSocket({
    deviceToken: null,
    onScreenChanged: () => void queryClient.invalidateQueries({ queryKey }),
  });
  if (screen.data)
    return <StationScreen screen={screen.data} connection={screen.isError ? 'reconnecting' : connection} />;
  if (isApiError(screen.error) && screen.error.status === 404) {
    return <TvMessage title="No such station">There is no station {stationId}. Check the address.</TvMessage>;
  }
  return <TvMessage title="Loading the station screen…" />;
}
