import type { ReactNode } from 'react';

/** One figure or fact of the console, as a term and its value (inside a <dl>). */
export function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="console-fact">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
