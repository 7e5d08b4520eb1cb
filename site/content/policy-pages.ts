// getStaticPaths of the policy pages, every locale at once.
import { LOCALES } from '#shared/i18n/locales.ts';
import { policiesOf, policyUpdatesOf } from './index.ts';

export async function policyPages() {
  return (await Promise.all(LOCALES.map(async (locale) => (await policiesOf(locale)).map((policy) => ({ locale, policy }))))).flat();
}

export async function policyUpdatePages() {
  return (
    await Promise.all(
      LOCALES.map(async (locale) => {
        const policies = await policiesOf(locale);
        return (await policyUpdatesOf(locale)).map((update) => {
          const policy = policies.find((candidate) => candidate.slug === update.policy);
          if (!policy) throw new Error(`policy update ${update.slug} is about a policy that does not exist`);
          return { locale, policy, update };
        });
      }),
    )
  ).flat();
}
