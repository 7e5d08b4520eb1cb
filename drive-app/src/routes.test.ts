// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { APP_PAGES } from '#shared/app-paths.ts';
import { ROUTES } from './routes.tsx';

describe('the route table', () => {
  it('has a route for every app page of shared/app-paths.ts and no other, besides not-found', () => {
    // Pages of a layout are its children; a page with a layout of its own (the TV page) stands alone.
    const paths = ROUTES.flatMap((entry) => (entry.path ? [entry.path] : (entry.children ?? []).map((route) => route.path))).filter((path) => path !== '*');
    expect([...paths].sort()).toEqual([...APP_PAGES].sort());
  });
});
