import { canAccessSettingsSection } from '@loupe/domain/settings/sections';
import { formatPairingCode } from '@loupe/domain/tv/tv-displays';
import { MonitorSmartphone, Settings } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { Link, Navigate } from 'react-router';
import { LoadingSpinner } from '@/components/loading-spinner';
import { Button } from '@/components/ui/button';
import { useAuth } from '@/lib/auth/auth-context';
import { paths, pathTo } from '@/lib/paths';
import { useNow } from '@/lib/use-now';
import { useDeviceStatus } from '../api/get-device-status';
import { useStartPairing } from '../api/start-pairing';
import { TvMessage } from '../components/tv-message';
import { clearDeviceToken, readDeviceToken, storeDeviceToken } from '../device-token';
import { isNotPaired } from '../tv-errors';

const TV_DISPLAYS = 'tv-displays';
const TV_DISPLAYS_SETTINGS = pathTo(paths.settingsSection, { section: TV_DISPLAYS });

/**
 * /tv-setup (issue 14): on a TV, a pairing code (and its QR code) to enter in Settings › TV Displays; once
 * entered, the TV opens its station's screen by itself. Staff who open it on their own computer are shown
 * how it works first, so that their laptop does not become a TV by accident.
 */
export function TvSetupRoute() {
  const auth = useAuth();
  const [token, setToken] = useState(readDeviceToken);
  const [useAsTv, setUseAsTv] = useState(false);
  if (token === null && auth.status === 'loading') return <LoadingSpinner fullScreen />;
  if (token === null && auth.status === 'signed-in' && !useAsTv) {
    return (
      <SetupGuide
        canPair={canAccessSettingsSection(auth.user, TV_DISPLAYS)}
        onUseAsTv={() => setUseAsTv(true)}
      />
    );
  }
  return <PairingScreen token={token} onToken={setToken} />;
}

function PairingScreen({
  token,
  onToken,
}: {
  token: string | null;
  onToken: (token: string | null) => void;
}) {
  const pairing = useStartPairing((answer) => {
    storeDeviceToken(answer.deviceToken);
    onToken(answer.deviceToken);
  });
  const { mutate, isIdle, reset } = pairing;
  useEffect(() => {
    if (token === null && isIdle) mutate();
  }, [token, isIdle, mutate]);

  const status = useDeviceStatus(token);

  useEffect(() => {
    // The code expired unclaimed (or the TV was revoked): start again with a new one.
    if (isNotPaired(status.error)) {
      clearDeviceToken();
      reset();
      onToken(null);
    }
  }, [status.error, reset, onToken]);

  const data = status.data;
  if (data?.status === 'paired') {
    if (data.display.stationId === null) {
      return (
        <TvMessage title={`Paired as ${data.display.name}`}>
          Choose this TV’s station in Settings › TV Displays; its screen opens here by itself.
        </TvMessage>
      );
    }
    return <Navigate to={pathTo(paths.jewelerTv, { stationId: data.display.stationId })} replace />;
  }
  if (data?.status === 'pending') return <CodeScreen code={data.code} expiresAt={data.expiresAt} />;
  return (
    <TvMessage title="Getting a pairing code…">
      {pairing.isError || status.isError
        ? 'Loupe cannot be reached right now. This screen keeps trying.'
        : null}
    </TvMessage>
  );
}

function CodeScreen({ code, expiresAt }: { code: string; expiresAt: string }) {
  const now = useNow(1000);
  const secondsLeft = Math.max(0, Math.round((Date.parse(expiresAt) - now) / 1000));
  const minutes = Math.floor(secondsLeft / 60);
  const seconds = String(secondsLeft % 60).padStart(2, '0');
  const link = `${window.location.origin}${TV_DISPLAYS_SETTINGS}?code=${encodeURIComponent(code)}`;
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-10 bg-background p-10 text-center text-foreground">
      <h1 className="text-5xl font-bold">Pair this TV with a station</h1>
      <p className="max-w-4xl text-3xl text-muted-foreground">
        On a computer or phone signed in as an admin or manager, open Settings › TV Displays, choose “Pair a
        TV” and enter this code, or scan the QR code.
      </p>
      {/* TV-sized from 640 px; smaller on a phone, so the code fits a 390 px screen (issue 35). */}
      <div className="flex flex-wrap items-center justify-center gap-8 sm:gap-16">
        <p
          className="rounded-2xl border-4 px-5 py-4 font-mono text-5xl font-bold tracking-[0.2em] sm:px-10 sm:py-6 sm:text-8xl"
          data-testid="pairing-code"
        >
          <span className="sr-only">Pairing code </span>
          {formatPairingCode(code)}
        </p>
        <div className="rounded-2xl bg-white p-4">
          <QRCodeSVG value={link} size={240} title="QR code: opens Settings › TV Displays with this code" />
        </div>
      </div>
      <p className="text-2xl text-muted-foreground" role="timer">
        {secondsLeft > 0
          ? `The code works for ${minutes}:${seconds} more; a new one appears by itself.`
          : 'Getting a new code…'}
      </p>
    </main>
  );
}

/**
 * The steps for staff. Pairing is done in Settings › TV Displays, which admins and managers open (spec §6):
 * everyone else is told whom to ask instead of being offered a page that would refuse them.
 */
function SetupGuide({ canPair, onUseAsTv }: { canPair: boolean; onUseAsTv: () => void }) {
  return (
    <main className="mx-auto flex min-h-svh max-w-2xl flex-col justify-center gap-6 p-6">
      <MonitorSmartphone aria-hidden className="size-12 text-muted-foreground" />
      <h1 className="text-3xl font-bold">TV Setup</h1>
      <ol className="list-decimal space-y-3 pl-6 text-lg">
        <li>
          On the TV above the bench, open <span className="font-mono">{window.location.origin}/tv-setup</span>{' '}
          in its browser. Nobody needs to sign in on the TV.
        </li>
        <li>The TV shows a six-character code and a QR code.</li>
        {canPair ? (
          <li>
            Here, in Settings › TV Displays, choose “Pair a TV”, enter the code, name the TV and pick its
            station. The TV then shows that station’s pieces by itself, live, and keeps doing so after a
            restart.
          </li>
        ) : (
          <li>
            An admin or a manager enters the code in Settings › TV Displays and picks the TV’s station. The TV
            then shows that station’s pieces by itself, live, and keeps doing so after a restart.
          </li>
        )}
      </ol>
      <div className="flex flex-wrap gap-3">
        {canPair ? (
          <Button asChild>
            <Link to={TV_DISPLAYS_SETTINGS}>
              <Settings aria-hidden /> Open TV Displays
            </Link>
          </Button>
        ) : null}
        <Button variant={canPair ? 'outline' : 'default'} onClick={onUseAsTv}>
          Use this screen as a TV
        </Button>
        <Button asChild variant="ghost">
          <Link to={paths.dashboard}>Back to the dashboard</Link>
        </Button>
      </div>
    </main>
  );
}
