import { useImperativeHandle, useRef, type Ref } from 'react';
import { useT } from '../../i18n.ts';

export type UploadInputHandle = { choose(): void };

type Props = { ref?: Ref<UploadInputHandle>; onFiles(files: File[]): void };

/** The browser's file chooser, opened by the Upload action; the picked files go to `onFiles`. */
export function UploadInput({ ref, onFiles }: Props) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  useImperativeHandle(ref, () => ({ choose: () => input.current?.click() }), []);
  return (
    <input
      ref={input}
      type="file"
      multiple
      hidden
      aria-label={t('files.action.upload')}
      onChange={(event) => {
        const files = [...(event.currentTarget.files ?? [])];
        // Picking the same file again must fire a change too (e.g. to resume it).
        event.currentTarget.value = '';
        if (files.length > 0) onFiles(files);
      }}
    />
  );
}
