import { paths } from '@/lib/paths';

/**
 * What each screen still being built will be for, in the words of the staff who will use it: shown on
 * its page until it is ready, so a link to it never leads nowhere.
 */
export const UPCOMING_SCREENS: Readonly<Record<string, { title: string; description: string }>> = {
  [paths.designerWorkspace]: {
    title: 'Designer Workspace',
    description: 'Design requests, sketches and CAD files with their revisions and customer approvals.',
  },
};
