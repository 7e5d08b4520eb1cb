import { describe, expect, it } from 'vitest';
import {
  ACTION_MESSAGE_TYPE,
  APP_HANDLED_ACTIONS,
  actionHandledBy,
  actionMessage,
  EMBEDDED_ACTIONS,
  embeddedLinkAction,
  frameMessageTarget,
  isActionMessage,
  isEmbeddedAction,
  OPEN_FEEDBACK_MESSAGE,
} from './embedded.ts';

const PAGE = 'https://drive.example.com';

describe('action values', () => {
  it('lists the twenty actions of the spec, each once', () => {
    expect(EMBEDDED_ACTIONS).toHaveLength(20);
    expect(new Set(EMBEDDED_ACTIONS).size).toBe(20);
    expect(EMBEDDED_ACTIONS).toContain('landing_page');
  });

  it('has the app handle open_file, show_task, create_task, highlight_files and search', () => {
    expect([...APP_HANDLED_ACTIONS].sort()).toEqual(['create_task', 'highlight_files', 'open_file', 'search', 'show_task']);
    for (const action of APP_HANDLED_ACTIONS) expect(actionHandledBy(action)).toBe('app');
  });

  it('has the host handle every other action', () => {
    const hostActions = EMBEDDED_ACTIONS.filter((action) => !(APP_HANDLED_ACTIONS as readonly string[]).includes(action));
    expect(hostActions).toHaveLength(15);
    for (const action of hostActions) expect(actionHandledBy(action), action).toBe('host');
  });

  it('recognises only listed action values', () => {
    expect(isEmbeddedAction('show_login')).toBe(true);
    expect(isEmbeddedAction('show_log')).toBe(false);
    expect(isEmbeddedAction('')).toBe(false);
    expect(isEmbeddedAction(undefined)).toBe(false);
  });
});

describe('embeddedLinkAction', () => {
  it('answers an app action for a /drive link with open_file', () => {
    expect(embeddedLinkAction('/drive?action=open_file&file_id=f1', PAGE)).toEqual({
      action: 'open_file',
      actionName: 'open_file',
      handledBy: 'app',
      params: { file_id: 'f1' },
    });
  });

  it('answers a host action for a link under /drive/ with show_storage_dialog', () => {
    expect(embeddedLinkAction(`${PAGE}/drive/all?action=show_storage_dialog`, PAGE)).toMatchObject({ action: 'show_storage_dialog', handledBy: 'host' });
  });

  it('counts an action value that starts with an allowed name, and keeps the whole value', () => {
    expect(embeddedLinkAction('/drive?action=search_from_header', PAGE)).toMatchObject({
      action: 'search_from_header',
      actionName: 'search',
      handledBy: 'app',
    });
  });

  it('ignores an action value that only contains an allowed name further in', () => {
    expect(embeddedLinkAction('/drive?action=x_open_file', PAGE)).toBeUndefined();
  });

  it('ignores links without an action or with an unknown one', () => {
    expect(embeddedLinkAction('/drive', PAGE)).toBeUndefined();
    expect(embeddedLinkAction('/drive?action=', PAGE)).toBeUndefined();
    expect(embeddedLinkAction('/drive?action=delete_everything', PAGE)).toBeUndefined();
  });

  it('ignores links outside /drive, including /drivex and /es/drive', () => {
    for (const href of [
      '/?action=open_file',
      '/drivex?action=open_file',
      '/drivex/a?action=open_file',
      '/s/abc?action=open_file',
      '/es/drive?action=open_file',
    ]) {
      expect(embeddedLinkAction(href, PAGE), href).toBeUndefined();
    }
  });

  it('ignores links to other origins, even to a /drive path', () => {
    expect(embeddedLinkAction('https://evil.example/drive?action=open_file', PAGE)).toBeUndefined();
    expect(embeddedLinkAction('http://drive.example.com/drive?action=open_file', PAGE)).toBeUndefined();
    expect(embeddedLinkAction('//drive.example.com:8443/drive?action=open_file', PAGE)).toBeUndefined();
    expect(embeddedLinkAction('javascript:void(0)', PAGE)).toBeUndefined();
  });

  it('resolves a relative link against the page URL it is given', () => {
    expect(embeddedLinkAction('../drive?action=show_task', `${PAGE}/drive/all`)).toMatchObject({ action: 'show_task', handledBy: 'app' });
    expect(embeddedLinkAction('sub?action=show_task', `${PAGE}/somewhere/page`)).toBeUndefined();
  });

  it('answers nothing when the page origin is not a URL', () => {
    expect(embeddedLinkAction('/drive?action=open_file', 'not a url')).toBeUndefined();
  });

  it('keeps a __proto__ query parameter as plain data', () => {
    const result = embeddedLinkAction('/drive?action=open_file&__proto__=x&file_id=a&file_id=b', PAGE);
    expect(result?.params).toEqual(
      Object.fromEntries([
        ['__proto__', 'x'],
        ['file_id', 'a'],
      ]),
    );
    expect(Object.getPrototypeOf(result?.params)).toBe(Object.prototype);
  });
});

describe('frameMessageTarget', () => {
  it('accepts an http(s) origin and answers it normalised', () => {
    expect(frameMessageTarget('https://host.example')).toBe('https://host.example');
    expect(frameMessageTarget('http://localhost:3000')).toBe('http://localhost:3000');
    expect(frameMessageTarget('HTTPS://Host.Example:443/')).toBe('https://host.example');
  });

  it('refuses a missing or wildcard origin, so nothing is posted to *', () => {
    for (const origin of [null, '', '*', 'null']) expect(frameMessageTarget(origin), String(origin)).toBeUndefined();
  });

  it('refuses an origin with a path, query, fragment or credentials', () => {
    for (const origin of [
      'https://host.example/app',
      'https://host.example?x=1',
      'https://host.example#top',
      'https://user:pw@host.example',
      'https://host.example\\evil',
    ]) {
      expect(frameMessageTarget(origin), origin).toBeUndefined();
    }
  });

  it('refuses other schemes and malformed origins', () => {
    for (const origin of ['ftp://host.example', 'javascript:alert(1)', 'file:///etc', 'host.example', 'https://', 'https://host.example:99999']) {
      expect(frameMessageTarget(origin), origin).toBeUndefined();
    }
  });
});

describe('action messages', () => {
  it('shapes a message as { type, action } plus any extra fields', () => {
    expect(actionMessage('open_file', { file_id: 'f1' })).toEqual({ type: ACTION_MESSAGE_TYPE, action: 'open_file', file_id: 'f1' });
    expect(actionMessage('show_task')).toEqual({ type: 'nubo:action', action: 'show_task' });
  });

  it('does not let extra fields overwrite the type or the action', () => {
    expect(actionMessage('search', { type: 'other', action: 'show_login' })).toEqual({ type: 'nubo:action', action: 'search' });
  });

  it('sends the feedback link as an open_feedback action message', () => {
    expect(OPEN_FEEDBACK_MESSAGE).toEqual({ type: 'nubo:action', action: 'open_feedback' });
    expect(Object.isFrozen(OPEN_FEEDBACK_MESSAGE)).toBe(true);
  });

  it('recognises its own messages and nothing else on the receiving side', () => {
    expect(isActionMessage(OPEN_FEEDBACK_MESSAGE)).toBe(true);
    expect(isActionMessage(actionMessage('open_file', { file_id: 'f1' }))).toBe(true);
    for (const data of [null, 'open_feedback', { action: 'open_feedback' }, { type: 'nubo:action' }, { type: 'nubo:action', action: 3 }]) {
      expect(isActionMessage(data), JSON.stringify(data)).toBe(false);
    }
  });
});
