import { type TPublicConfig, ZPublicConfigSchema } from '@loupe/domain/system/public-config';

export async function fetchRuntimeConfig(fetcher: typeof fetch = fetch): Promise<TPublicConfig> {
  const response = await fetcher('/api/config', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  return ZPublicConfigSchema.parse(await response.json());
}
