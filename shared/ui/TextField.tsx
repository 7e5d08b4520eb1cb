// A form field of Nubo's own: the drive app's forms and the site's islands label, hint and
// announce their fields the same way.
import { type InputHTMLAttributes, type Ref, useId } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> & {
  ref?: Ref<HTMLInputElement> | undefined;
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Shown under the field before anything goes wrong, e.g. the password rule. */
  hint?: string | undefined;
  error?: string | undefined;
};

/** A labelled input whose hint and error are announced with it. */
export function TextField({ label, value, onValueChange, hint, error, ...input }: Props) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...input}
        id={id}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      />
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
