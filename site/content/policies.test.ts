import { describe, expect, it } from 'vitest';
import { type PolicyEntry, type PolicyUpdateEntry, policyCatalogue, policyUpdates, versionsAround } from './policies.ts';

const version = (id: string, title: string, effective: string): PolicyEntry => ({ id, data: { title, effective: new Date(effective) } });
const update = (id: string): PolicyUpdateEntry => ({ id, data: { title: id, summary: '' } });

const entries = [
  version('en-US/privacy-policy/2021-11-08', 'Privacy policy', '2021-11-08'),
  version('en-US/privacy-policy/2023-11-06', 'Privacy policy', '2023-11-06'),
  version('en-US/privacy-policy/2023-10-14', 'Privacy policy', '2023-10-14'),
  version('en-US/user-agreement/user-agreement', 'User agreement', '2021-11-08'),
  version('en-US/anti-abuse/2023-08-29', 'Anti-abuse policy', '2023-08-29'),
  version('es/privacy-policy/2023-11-06', 'Política de privacidad', '2023-11-06'),
];

describe('policyCatalogue', () => {
  it('lists policies by title, each with its versions newest first and its latest at /policy/<policy>', () => {
    const catalogue = policyCatalogue(entries, 'en-US');
    expect(catalogue.map((policy) => policy.slug)).toEqual(['anti-abuse', 'privacy-policy', 'user-agreement']);
    const privacy = catalogue[1];
    expect(privacy?.path).toBe('/policy/privacy-policy');
    expect(privacy?.versions.map((found) => found.path)).toEqual([
      '/policy/privacy-policy/2023-11-06',
      '/policy/privacy-policy/2023-10-14',
      '/policy/privacy-policy/2021-11-08',
    ]);
    expect(privacy?.latest.version).toBe('2023-11-06');
  });

  it('keeps a single version named after its policy at the address the spec names', () => {
    const agreement = policyCatalogue(entries, 'en-US').find((policy) => policy.slug === 'user-agreement');
    expect(agreement?.versions.map((found) => found.path)).toEqual(['/policy/user-agreement/user-agreement']);
  });

  it('takes the title of a translated latest version, older versions falling back to en-US', () => {
    const privacy = policyCatalogue(entries, 'es').find((policy) => policy.slug === 'privacy-policy');
    expect(privacy?.title).toBe('Política de privacidad');
    expect(privacy?.versions.map((found) => found.fallback)).toEqual([false, true, true]);
  });
});

describe('policyUpdates and versionsAround', () => {
  it('lists update notices newest first at /policy/update/<policy>/<date>', () => {
    const updates = policyUpdates(
      [update('en-US/privacy-policy/2023-10-14'), update('en-US/anti-abuse/2025-09-10'), update('en-US/privacy-policy/2023-11-06')],
      'en-US',
    );
    expect(updates.map((found) => found.path)).toEqual([
      '/policy/update/anti-abuse/2025-09-10',
      '/policy/update/privacy-policy/2023-11-06',
      '/policy/update/privacy-policy/2023-10-14',
    ]);
  });

  it('finds the version a notice announces and the one it replaced', () => {
    const privacy = policyCatalogue(entries, 'en-US').find((policy) => policy.slug === 'privacy-policy');
    if (!privacy) throw new Error('privacy policy missing');
    const around = versionsAround(privacy, '2023-10-14');
    expect(around.announced?.version).toBe('2023-10-14');
    expect(around.previous?.version).toBe('2021-11-08');
    expect(versionsAround(privacy, '2021-11-08').previous).toBeUndefined();
    expect(versionsAround(privacy, '2020-01-01').announced).toBeUndefined();
  });
});
