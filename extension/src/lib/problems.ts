import type { MessageKey } from '#shared/i18n/translator.ts';
import type { ServerProblem } from './server.ts';

/** What to tell about each reason the server cannot be used. */
export const SERVER_PROBLEM_MESSAGES: Record<ServerProblem, MessageKey> = {
  unset: 'extension.server.unset',
  invalid_address: 'extension.server.invalidAddress',
  no_permission: 'extension.server.noPermission',
  unreachable: 'extension.server.unreachable',
  certificate: 'extension.server.certificate',
  not_nubo: 'extension.server.notNubo',
};
