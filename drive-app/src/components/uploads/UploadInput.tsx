import { type Ref, useImperativeHandle, useRef } from 'react';
import { useT } from '../../i18n.ts';

export type UploadInputHandle = { choose(): void };

type Props = {
  ref?: Ref<UploadInputHandle>;
  /** A folder chooser (every file of one folder, with its relative path) instead of a file chooser. */
  folder?: boolean;
  onFiles(files: File[]): void;
};

/** The browser's file (or folder) chooser, opened by an upload action; the picked files go to `onFiles`. */
export function UploadInput({ ref, folder = false, onFiles }: Props) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({ choose: () => input.current?.click() }), []);
  return (
    <input
      ref={input}
      type="file"
      multiple
      hidden
      // webkitdirectory is not in React's attribute types; every current browser knows it.
      {...(folder ? { webkitdirectory: '' } : {})}
      aria-label={t(folder ? 'files.action.uploadFolder' : 'files.action.upload')}
      onChange={(event) => {
        const files = [...(event.currentTarget.files ?? [])];
        // Picking the same file again must fire a change too (e.g. to resume it).
        event.currentTarget.value = '';
        if (files.length > 0) onFiles(files);
      }}
    />
  );
}
