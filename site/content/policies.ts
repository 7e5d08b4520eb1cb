// Policies and their dated versions (SPEC §2.3). content/policies/<locale>/<policy>/<version>.md:
// a version is named by the date it took effect, or by the policy's own name when the policy has
// a single version (user-agreement/user-agreement). Update notices are
// content/policy-updates/<locale>/<policy>/<date>.md, about the version of that date.
import type { Locale } from '#shared/i18n/locales.ts';
import { type Localised, localisedEntries } from './localised.ts';

export const POLICY_PATH = '/policy';
export const POLICY_UPDATE_PATH = '/policy/update';

export type PolicyEntry = { id: string; data: { title: string; effective: Date }; rendered?: { html: string } };
export type PolicyUpdateEntry = { id: string; data: { title: string; summary: string }; rendered?: { html: string } };

export type PolicyVersion = Localised<PolicyEntry> & { policy: string; version: string; path: string; effective: Date };
export type Policy = { slug: string; title: string; path: string; latest: PolicyVersion; versions: PolicyVersion[] };
export type PolicyUpdate = Localised<PolicyUpdateEntry> & { policy: string; date: string; path: string };

/** Every version has its own address; `/policy/<policy>` shows the latest. */
export const policyPath = (policy: string) => `${POLICY_PATH}/${policy}`;
export const policyVersionPath = (policy: string, version: string) => `${POLICY_PATH}/${policy}/${version}`;
export const policyUpdatePath = (policy: string, date: string) => `${POLICY_UPDATE_PATH}/${policy}/${date}`;

function splitPair(slug: string, what: string): [string, string] {
  const [first, second, ...more] = slug.split('/');
  if (!first || !second || more.length > 0) throw new Error(`${what} "${slug}" must be <policy>/<version>.md`);
  return [first, second];
}

/** The policies a locale shows, by title, each with its versions newest first. */
export function policyCatalogue(entries: readonly PolicyEntry[], locale: Locale): Policy[] {
  const byPolicy = new Map<string, PolicyVersion[]>();
  for (const localised of localisedEntries(entries, locale)) {
    const [policy, version] = splitPair(localised.slug, 'policy');
    const found: PolicyVersion = { ...localised, policy, version, path: policyVersionPath(policy, version), effective: localised.entry.data.effective };
    byPolicy.set(policy, [...(byPolicy.get(policy) ?? []), found]);
  }
  return [...byPolicy]
    .map(([slug, versions]) => {
      const sorted = versions.sort((a, b) => b.effective.getTime() - a.effective.getTime());
      const latest = sorted[0] as PolicyVersion;
      return { slug, title: latest.entry.data.title, path: policyPath(slug), latest, versions: sorted };
    })
    .sort((a, b) => a.title.localeCompare(b.title, locale));
}

/** The update notices a locale shows, newest first. */
export function policyUpdates(entries: readonly PolicyUpdateEntry[], locale: Locale): PolicyUpdate[] {
  return localisedEntries(entries, locale)
    .map((localised) => {
      const [policy, date] = splitPair(localised.slug, 'policy update');
      return { ...localised, policy, date, path: policyUpdatePath(policy, date) };
    })
    .sort((a, b) => b.date.localeCompare(a.date) || a.policy.localeCompare(b.policy));
}

/** The version a notice announces and the one it replaced (undefined for a first version). */
export function versionsAround(policy: Policy, date: string): { announced: PolicyVersion | undefined; previous: PolicyVersion | undefined } {
  const at = policy.versions.findIndex((version) => version.version === date);
  return { announced: policy.versions[at], previous: at >= 0 ? policy.versions[at + 1] : undefined };
}
