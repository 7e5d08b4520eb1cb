// GET /i18n/<locale>/messages.json: the drive app's UI strings for one locale, key to text.
import { Type, type Static } from 'typebox';

export const MessagesParams = Type.Object({ locale: Type.String() });

export const MessagesSchema = Type.Record(Type.String(), Type.String());
export type Messages = Static<typeof MessagesSchema>;
