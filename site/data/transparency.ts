// The transparency report's figures as the site prints them: content/transparency.json, checked.
import { parseTransparencyReport, type TransparencyReport } from '#shared/transparency.ts';
import raw from '../../content/transparency.json';

export const transparencyReport: TransparencyReport = parseTransparencyReport(raw);
