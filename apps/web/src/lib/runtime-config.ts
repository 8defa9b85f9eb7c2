import { z } from 'zod';

/** What GET /api/config tells the browser: one build serves every installation. */
export const ZRuntimeConfigSchema = z.object({
  authMode: z.enum(['local', 'cognito']),
  userPoolId: z.string(),
  userPoolClientId: z.string(),
  userPoolEndpoint: z.string().optional(),
  region: z.string(),
  companyName: z.string(),
  logoUrl: z.string().optional(),
  tagline: z.string(),
  aiAssistantName: z.string(),
});
export type TRuntimeConfig = z.infer<typeof ZRuntimeConfigSchema>;

export async function fetchRuntimeConfig(fetcher: typeof fetch = fetch): Promise<TRuntimeConfig> {
  const response = await fetcher('/api/config', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET /api/config answered ${response.status}`);
  return ZRuntimeConfigSchema.parse(await response.json());
}
