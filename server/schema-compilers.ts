// Fastify's own schema compilers (Ajv checks requests, fast-json-stringify writes answers), with
// the same options, made lazy: a route's validator and serializer are built the first time one of
// its requests needs them, instead of all of Nubo's routes before the first answer (about 400 ms
// of a cold start). What a request gets checked against and how its answer is written is unchanged.
import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type Validate = ((data: unknown) => unknown) & { errors?: unknown };

/** Builds `build()` at its first call; Fastify reads a failed check's `errors` off the function, so they are passed on. */
function lazyValidator(build: () => Validate): Validate {
  let validate: Validate | undefined;
  const check: Validate = (data) => {
    validate ??= build();
    const result = validate(data);
    check.errors = validate.errors;
    return result;
  };
  return check;
}

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

export const lazySchemaCompilers: CompilersFactory = {
  // The compilers themselves (an Ajv instance costs 15 ms) are made when a first route needs one.
  buildValidator(externalSchemas, ajvOptions) {
    let compiler: ReturnType<ReturnType<typeof AjvCompiler>> | undefined;
    const compile = (route: Parameters<NonNullable<typeof compiler>>[0]) => {
      compiler ??= AjvCompiler()(externalSchemas, ajvOptions);
      return compiler(route);
    };
    // Fastify uses only the call and `errors` of what this answers, not the rest of Ajv's function type.
    return ((route: Parameters<typeof compile>[0]) => lazyValidator(() => compile(route) as Validate)) as unknown as typeof compile;
  },
  buildSerializer(externalSchemas, serializerOptions) {
    let compiler: ReturnType<ReturnType<typeof SerializerSelector>> | undefined;
    return (route) => {
      let serialize: ((data: unknown) => string) | undefined;
      return (data: unknown) => {
        compiler ??= SerializerSelector()(externalSchemas, serializerOptions);
        serialize ??= compiler(route);
        return serialize(data);
      };
    };
  },
};
