import type { TMqttSettings } from '@loupe/domain/settings/mqtt-settings';
import { SectionLoadError, SectionLoading } from '@/components/section-states';
import { Badge } from '@/components/ui/badge';
import { useMqttSettings } from '../api/get-mqtt-settings';

const MODE_TEXT: Readonly<Record<TMqttSettings['mode'], string>> = {
  embedded: 'Loupe runs its own MQTT broker. Readers connect to it directly.',
  external: 'Loupe reads from an external broker (MQTT_URL) through a shared subscription.',
  none: 'No MQTT transport is running in this process; readers can still send reads over HTTP.',
};

/** Settings › MQTT (admin): broker state, the reader topics and the credentials readers use. */
export function MqttSection() {
  const query = useMqttSettings();
  if (query.isPending) return <SectionLoading label="Loading the MQTT settings" />;
  if (query.isError) return <SectionLoadError error={query.error} onRetry={() => void query.refetch()} />;
  const settings = query.data;
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="mqtt-broker" className="flex flex-col gap-2">
        <h3 id="mqtt-broker" className="text-base font-semibold">
          Broker
        </h3>
        <p className="text-sm text-muted-foreground">{MODE_TEXT[settings.mode]}</p>
        <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
          {settings.mode === 'embedded' ? (
            <>
              <dt className="text-muted-foreground">Port</dt>
              <dd>{settings.port}</dd>
              <dt className="text-muted-foreground">Readers connected</dt>
              <dd>
                <Badge variant={settings.connectedClients ? 'default' : 'secondary'}>
                  {settings.connectedClients ?? 0}
                </Badge>
              </dd>
            </>
          ) : null}
          {settings.mode === 'external' ? (
            <>
              <dt className="text-muted-foreground">Broker</dt>
              <dd>{settings.brokerHost}</dd>
              <dt className="text-muted-foreground">Subscription</dt>
              <dd>
                <code className="text-xs">{settings.subscription}</code>
              </dd>
            </>
          ) : null}
        </dl>
      </section>

      <section aria-labelledby="mqtt-topics" className="flex flex-col gap-2">
        <h3 id="mqtt-topics" className="text-base font-semibold">
          Reader topics
        </h3>
        <p className="text-sm text-muted-foreground">
          Each reader publishes with QoS 1 under its own id. The payload format follows from the topic.
        </p>
        <ul className="flex flex-col gap-1 text-sm">
          {settings.topics.map((topic) => (
            <li key={topic.format}>
              <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{topic.topic}</code>{' '}
              <span className="text-muted-foreground">— {topic.description}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="mqtt-credentials" className="flex flex-col gap-2">
        <h3 id="mqtt-credentials" className="text-base font-semibold">
          Reader credentials
        </h3>
        <p className="text-sm text-muted-foreground">
          {settings.mode === 'external'
            ? 'The external broker authenticates readers and keeps each to its own topics (its ACL).'
            : 'User name: the reader’s id. Password: its API key, shown once when the reader is created on the RFID mapping screen. Anonymous clients are refused, and a reader may publish only under its own topics.'}
        </p>
      </section>
    </div>
  );
}
