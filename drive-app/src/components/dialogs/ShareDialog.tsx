import { type FormEvent, useState } from 'react';
import type { DriveFile } from '#shared/api/files.ts';
import type { CreatedShare } from '#shared/api/shares.ts';
import { type CreateShareBody, CUSTOM_PASS_CODE_PATTERN } from '#shared/api/shares.ts';
import { TextField } from '#shared/ui/TextField.tsx';
import { driveShares } from '../../api.ts';
import { useT } from '../../i18n.ts';
import { FailureNotice } from '../FailureNotice.tsx';
import { useSubmission } from '../useSubmission.ts';
import { Dialog } from './Dialog.tsx';

type Props = { files: readonly DriveFile[]; onClose(): void };

type PasscodeChoice = 'none' | 'generated' | 'custom';
/** The expiry choices (days; -1 never) and how each reads. */
const EXPIRY_CHOICES = [
  [1, 'share.create.expiry.day'],
  [7, 'share.create.expiry.week'],
  [30, 'share.create.expiry.month'],
  [365, 'share.create.expiry.year'],
  [-1, 'share.create.expiry.never'],
] as const;
const customPasscodeShape = new RegExp(CUSTOM_PASS_CODE_PATTERN);

/** Shares the selected items: passcode, expiry, how often it may be saved, a title; then the link to copy. */
export function ShareDialog({ files, onClose }: Props) {
  const t = useT();
  const [passcode, setPasscode] = useState<PasscodeChoice>('generated');
  const [customPasscode, setCustomPasscode] = useState('');
  const [days, setDays] = useState<number>(7);
  const [limited, setLimited] = useState(false);
  const [limit, setLimit] = useState('10');
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<'passcode' | 'limit'>();
  const [created, setCreated] = useState<CreatedShare>();
  const [copied, setCopied] = useState(false);
  const { pending, failure, submit } = useSubmission();

  async function share(event: FormEvent) {
    event.preventDefault();
    const restoreLimit = Number(limit);
    if (passcode === 'custom' && !customPasscodeShape.test(customPasscode)) return setProblem('passcode');
    if (limited && (!Number.isInteger(restoreLimit) || restoreLimit < 1)) return setProblem('limit');
    setProblem(undefined);
    const body: CreateShareBody = {
      file_ids: files.map((file) => file.id),
      expiration_days: days,
      pass_code_option: passcode === 'none' ? 'NOT_REQUIRED' : 'REQUIRED',
      ...(passcode === 'custom' ? { custom_pass_code: customPasscode } : {}),
      restore_limit: limited ? restoreLimit : -1,
      ...(title.trim() ? { title: title.trim() } : {}),
    };
    await submit(async () => setCreated(await driveShares.create(body)));
  }

  async function copy(text: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      // Without clipboard access the text stays selectable in the field.
      setCopied(false);
    }
  }

  if (created) {
    const text = created.pass_code ? t('share.create.textWithPasscode', { link: created.share_url, passcode: created.pass_code }) : created.share_url;
    return (
      <Dialog title={t('share.create.doneTitle')} onClose={onClose} className="share-dialog">
        <div className="stacked-form">
          <TextField label={t('share.create.link')} value={created.share_url} onValueChange={() => {}} readOnly />
          {created.pass_code && <TextField label={t('share.create.passcode')} value={created.pass_code} onValueChange={() => {}} readOnly />}
          <div className="dialog-actions">
            {copied && <span role="status">{t('share.create.copied')}</span>}
            <button type="button" className="button primary" onClick={() => void copy(text)} data-autofocus>
              {created.pass_code ? t('share.create.copyWithPasscode') : t('share.create.copy')}
            </button>
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title={t('share.create.title')} onClose={onClose} className="share-dialog">
      <form className="stacked-form" onSubmit={share} noValidate>
        <fieldset className="choice-group">
          <legend>{t('share.create.passcodeLegend')}</legend>
          {(['generated', 'custom', 'none'] as const).map((choice) => (
            <label key={choice}>
              <input type="radio" name="passcode" value={choice} checked={passcode === choice} onChange={() => setPasscode(choice)} />
              {t(`share.create.passcode.${choice}`)}
            </label>
          ))}
        </fieldset>
        {passcode === 'custom' && (
          <TextField
            label={t('share.create.customPasscode')}
            value={customPasscode}
            onValueChange={setCustomPasscode}
            maxLength={10}
            autoComplete="off"
            hint={t('share.create.customPasscodeHint')}
            error={problem === 'passcode' ? t('share.create.customPasscodeHint') : undefined}
          />
        )}
        <label className="field">
          <span>{t('share.create.expiry')}</span>
          <select value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {EXPIRY_CHOICES.map(([choice, label]) => (
              <option key={choice} value={choice}>
                {t(label)}
              </option>
            ))}
          </select>
        </label>
        <fieldset className="choice-group">
          <legend>{t('share.create.limitLegend')}</legend>
          <label>
            <input type="radio" name="limit" checked={!limited} onChange={() => setLimited(false)} />
            {t('share.create.unlimited')}
          </label>
          <label>
            <input type="radio" name="limit" checked={limited} onChange={() => setLimited(true)} />
            {t('share.create.limited')}
          </label>
        </fieldset>
        {limited && (
          <TextField
            label={t('share.create.limit')}
            type="number"
            min={1}
            value={limit}
            onValueChange={setLimit}
            error={problem === 'limit' ? t('share.create.limitHint') : undefined}
          />
        )}
        <TextField
          label={t('share.create.titleLabel')}
          value={title}
          onValueChange={setTitle}
          maxLength={255}
          placeholder={files.length === 1 ? files[0]!.name : ''}
        />
        {failure !== undefined && <FailureNotice failure={failure} />}
        <div className="dialog-actions">
          <button type="button" className="button secondary" onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className="button primary" disabled={pending}>
            {t('share.create.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
