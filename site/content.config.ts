// The editors' content (content/): help articles, FAQ answers, policies and their update notices,
// blog posts. Every Markdown collection keeps one folder per locale; an entry's id is its path
// as written (`ja/sharing/share-files`), so locale codes and slugs keep their capitals.
import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { LOCALES } from '#shared/i18n/locales.ts';

const markdownIn = (base: string) => glob({ pattern: '**/*.md', base, generateId: ({ entry }) => entry.replace(/\.md$/, '') });

/** YYYY-MM-DD, which YAML may already have read as a date. */
const day = z.coerce.date();

// Strict: a misspelt key (`popualr: true`) stops the build instead of being quietly ignored.
export const schemas = {
  helpCenter: z.strictObject({
    title: z.string(),
    description: z.string(),
    /** Place in its folder; the first article is the one a folder's own address opens. */
    order: z.number().int(),
    /** One of the ten most-read articles, which every locale should have translated. */
    popular: z.boolean().default(false),
  }),
  /** The help centre's folders: their order and their names in each locale (en-US required). */
  helpFolders: z.strictObject({
    /** The folder's slug; the file loader keeps it in the data too. */
    id: z.string(),
    order: z.number().int(),
    title: z
      .object({ 'en-US': z.string() })
      .catchall(z.string())
      .refine((titles) => Object.keys(titles).every((code) => (LOCALES as readonly string[]).includes(code)), 'title has a key that is not a locale'),
  }),
  faq: z.strictObject({ question: z.string(), order: z.number().int() }),
  /** Old FAQ anchors (the id) and the anchor each question has now. */
  faqMovedAnchors: z.strictObject({ to: z.string() }),
  policies: z.strictObject({ title: z.string(), effective: day }),
  policyUpdates: z.strictObject({ title: z.string(), summary: z.string() }),
  blog: z.strictObject({ title: z.string(), description: z.string(), published: day, author: z.string() }),
};

const helpCenter = defineCollection({ loader: markdownIn('./content/help-center'), schema: schemas.helpCenter });
const helpFolders = defineCollection({ loader: file('./content/help-center/folders.yaml'), schema: schemas.helpFolders });
const faq = defineCollection({ loader: markdownIn('./content/faq'), schema: schemas.faq });
const faqMovedAnchors = defineCollection({ loader: file('./content/faq/moved-anchors.yaml'), schema: schemas.faqMovedAnchors });
const policies = defineCollection({ loader: markdownIn('./content/policies'), schema: schemas.policies });
const policyUpdates = defineCollection({ loader: markdownIn('./content/policy-updates'), schema: schemas.policyUpdates });
const blog = defineCollection({ loader: markdownIn('./content/blog'), schema: schemas.blog });

export const collections = { helpCenter, helpFolders, faq, faqMovedAnchors, policies, policyUpdates, blog };
