// Counts the queries run through a Kysely instance, for tests that pin how many queries a request
// costs: what one visitor's request may make the database do.
import type { Kysely, KyselyPlugin } from 'kysely';

export function countingQueries<DB>(db: Kysely<DB>) {
  let count = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (args) => args.node,
    transformResult: async (args) => {
      count += 1;
      return args.result;
    },
  };
  return {
    db: db.withPlugin(plugin),
    /** Queries run since the start or the last `reset`. */
    count: () => count,
    reset: () => {
      count = 0;
    },
  };
}
