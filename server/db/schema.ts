// Kysely's view of Nubo's tables. Each migration that adds a table adds its interface here.
// (No tables yet: accounts, files and shares bring theirs.)
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Database {}
