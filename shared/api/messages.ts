// GET /i18n/<locale>/messages.json: the drive app's UI strings for one locale, key to text
// (the Messages of shared/i18n/translator.ts).
import { Type } from 'typebox';

/** The route as the server declares it; clients ask messagesPath(locale). */
export const MESSAGES_ROUTE = '/i18n/:locale/messages.json';
export const messagesPath = (locale: string) => MESSAGES_ROUTE.replace(':locale', encodeURIComponent(locale));

export const MessagesParams = Type.Object({ locale: Type.String() });

export const MessagesSchema = Type.Record(Type.String(), Type.String());
