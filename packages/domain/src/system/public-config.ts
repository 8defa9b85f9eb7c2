import { z } from 'zod';
import { lazySchema } from '../validation/lazy-schema';

/** What GET /api/config tells the browser before sign-in: one web build serves every installation. */
export const ZPublicConfigSchema = lazySchema(() =>
  z.object({
    authMode: z.enum(['local', 'cognito']),
    userPoolId: z.string(),
    userPoolClientId: z.string(),
    /** Set for the embedded pool: where Amplify sends its Cognito calls. Absent for AWS Cognito. */
    userPoolEndpoint: z.string().optional(),
    region: z.string(),
    companyName: z.string(),
    logoUrl: z.string().optional(),
    tagline: z.string(),
    aiAssistantName: z.string(),
  }),
);
export type TPublicConfig = z.infer<typeof ZPublicConfigSchema>;
