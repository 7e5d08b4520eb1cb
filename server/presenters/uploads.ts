// A new upload as the API shows it (API.md Files, UPLOAD_TYPE_RESUMABLE): the pending file and the
// tus address its bytes go to.
import { type CreatedUpload, UPLOADS_PATH } from '#shared/api/files.ts';
import type { CreatedUpload as NewUpload } from '../services/uploads.ts';
import { presentFile } from './files.ts';

export function presentCreatedUpload(created: NewUpload, origin: string): CreatedUpload {
  return {
    upload_type: 'UPLOAD_TYPE_RESUMABLE',
    file: presentFile(created.file),
    resumable: { kind: 'drive#resumable', provider: 'PROVIDER_TUS', params: { url: `${origin}${UPLOADS_PATH}/${created.file.id}` } },
    ...(created.proof ? { proof: created.proof } : {}),
  };
}
