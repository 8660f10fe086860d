/** Problems the deploy machine words itself (the spec's own messages are MESSAGES in common/spec.ts). */
import { defineTexts } from '../../common/i18n/texts';

export const DEPLOY_MACHINE_TEXTS = defineTexts('deploy.machine', {
  uploadError: (reason: string) => `Error uploading file: ${reason}`,
  noResponse: 'No response from server.',
  passwordEmpty: 'Type your account password',
  reverted: 'The deployment transaction failed on chain (the constructor reverted)',
} as const);
