// The hidden debug console on the public site (SPEC §4, §7.5, §9): five quick clicks anywhere ask
// the server whether it may open; if so vConsole is loaded from our own origin, opened, and given
// a close button that destroys it. Every failure is only logged.

import type { DebugOptionsRequest } from '#shared/api/remote-config.ts';
import { STORAGE_KEYS } from '#shared/browser-storage.ts';
import {
  createDebugConsoleTrigger,
  DEBUG_OPTIONS_PATH,
  isDebugConsoleEnvironment,
  remoteAllowsDebugConsole,
  shouldOpenDebugConsole,
  VCONSOLE_SCRIPT_PATH,
} from '#shared/debug-console.ts';

type VConsole = { show(): void; destroy(): void };
declare global {
  interface Window {
    VConsole?: new (options?: { theme?: 'dark' | 'light' }) => VConsole;
  }
}

/** `closeButton` is a template holding the translated close button. */
export function startDebugConsoleTrigger(closeButton: HTMLTemplateElement): void {
  const trigger = createDebugConsoleTrigger();
  let busy = false;
  document.addEventListener('click', (event) => {
    if (!trigger.click(event.timeStamp) || busy) return;
    if (!isDebugConsoleEnvironment({ userAgent: navigator.userAgent, protocol: location.protocol })) return;
    busy = true;
    openDebugConsole(closeButton, () => (busy = false)).catch((failure: unknown) => {
      console.error('debug console:', failure);
      busy = false;
    });
  });
}

async function openDebugConsole(closeButton: HTMLTemplateElement, onClosed: () => void): Promise<void> {
  const question: DebugOptionsRequest = {};
  const userId = localStorage.getItem(STORAGE_KEYS.userId);
  if (userId) question.userid = userId;
  const answer = await fetch(DEBUG_OPTIONS_PATH, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(question) });
  if (!answer.ok) throw new Error(`${DEBUG_OPTIONS_PATH} answered ${answer.status}`);
  if (!shouldOpenDebugConsole({ triggered: true, environmentOk: true, remoteAllows: remoteAllowsDebugConsole(await answer.json()) })) {
    onClosed();
    return;
  }
  const VConsoleClass = window.VConsole ?? (await loadVConsole());
  const vconsole = new VConsoleClass({ theme: document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light' });
  vconsole.show();
  const button = (closeButton.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
  button.addEventListener('click', (event) => {
    // The console's own control, not a click on the page: within 200 ms of the five that opened
    // it, it would count as a sixth and open the console again as it closes.
    event.stopPropagation();
    vconsole.destroy();
    button.remove();
    onClosed();
  });
  document.body.append(button);
}

function loadVConsole(): Promise<NonNullable<Window['VConsole']>> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = VCONSOLE_SCRIPT_PATH;
    script.onload = () => (window.VConsole ? resolve(window.VConsole) : reject(new Error('vConsole did not load')));
    script.onerror = () => reject(new Error(`${VCONSOLE_SCRIPT_PATH} failed to load`));
    document.head.append(script);
  });
}
