// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { APP_PAGES } from '#shared/app-paths.ts';
import { ROUTES } from './routes.tsx';

describe('the route table', () => {
  it('has a route for every app page of shared/app-paths.ts and no other, besides not-found', () => {
    const paths = ROUTES.flatMap((layout) => (layout.children ?? []).map((route) => route.path)).filter((path) => path !== '*');
    expect([...paths].sort()).toEqual([...APP_PAGES].sort());
  });
});
