// Whether this page runs embedded (SPEC §1, §2.7): framed by a host page, or inside the native
// app's webview. Kept apart from embedding.ts so that every page can ask, and only an embedded
// one loads embedded mode itself (the native bridge, the host's messages).
import { isEmbeddedAppUserAgent } from '#shared/patterns.ts';

export const isFramed = (): boolean => window.parent !== window;

export const isInNativeApp = (): boolean => isEmbeddedAppUserAgent(navigator.userAgent);

export const isEmbeddedVisit = (): boolean => isFramed() || isInNativeApp();
