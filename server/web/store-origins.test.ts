import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { blobStoreOrigins } from './store-origins.ts';

const storeOf = (BLOB_STORE: string) => loadConfig({ BLOB_STORE }).blobStore;

describe('the origins file bytes come from', () => {
  it('are none when Nubo serves the files itself', () => {
    expect(blobStoreOrigins(storeOf('file:///srv/nubo/blobs'))).toEqual([]);
  });

  it("are an S3-compatible service's own origin when it is given path-style addresses", () => {
    expect(blobStoreOrigins(storeOf('s3://nubo-files?endpoint=http://127.0.0.1:9000'))).toEqual(['http://127.0.0.1:9000']);
    expect(blobStoreOrigins(storeOf('s3://nubo-files?endpoint=https://minio.example.org/&path_style=true'))).toEqual(['https://minio.example.org']);
  });

  it('add the bucket as a host of its own when addresses may name it so', () => {
    expect(blobStoreOrigins(storeOf('s3://nubo-files?endpoint=https://minio.example.org:9000&path_style=false'))).toEqual([
      'https://minio.example.org:9000',
      'https://nubo-files.minio.example.org:9000',
    ]);
    expect(blobStoreOrigins(storeOf('s3://nubo-files/drive?region=eu-west-1'))).toEqual([
      'https://s3.eu-west-1.amazonaws.com',
      'https://nubo-files.s3.eu-west-1.amazonaws.com',
    ]);
  });
});
