// The uploads of this tab: the upload queue wired to tus, the files API, local storage and the
// app's messages. Leaving the page while bytes are on their way asks first.

import { failureMessage } from '#shared/api/error-messages.ts';
import { driveFiles } from '../api.ts';
import { appEvents, driveChanged } from '../events.ts';
import { terminateTusUpload, tusTransfer } from '../files/tus-transfer.ts';
import { $locale } from './locale.ts';
import { createUploadQueue } from './upload-queue.ts';

export const uploadQueue = createUploadQueue({
  files: driveFiles,
  storage: localStorage,
  startTransfer: tusTransfer,
  terminate: terminateTusUpload,
  origin: location.origin,
  describeFailure: (failure) => failureMessage(failure, { locale: $locale.get() }),
  onDriveChanged: driveChanged,
});

export const $uploads = uploadQueue.$uploads;

appEvents.on('logout-success', () => void uploadQueue.stopAll());

window.addEventListener('beforeunload', (event) => {
  // The bytes sent are kept, but the file must be picked again to go on: worth a question.
  if ($uploads.get().some((entry) => entry.status === 'uploading' || entry.status === 'queued')) event.preventDefault();
});
