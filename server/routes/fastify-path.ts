// The API's paths as Fastify reads them: a ':' inside a segment (`files:batchMove`, `trash:empty`)
// is part of the name and written '::'; a ':' starting a segment (`/:id`) stays a parameter.
export function fastifyPath(apiPath: string): string {
  return apiPath.replace(/(?<=[^/]):/g, '::');
}
