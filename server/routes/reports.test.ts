import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PATHS } from '#shared/api/admin.ts';
import { REPORT_PATHS } from '#shared/api/reports.ts';
import { transparencyReportFromRecords } from '../services/transparency.ts';
import { goodPassword, TestBrowser, uniqueEmail } from '../testing/browser.ts';
import { ENGINES, grantOperatorRole, startTestServer, type TestServer } from '../testing/harness.ts';
import { createUpload, tusUpload } from '../testing/uploads.ts';

describe.each(ENGINES)('reports of shares on %s', (engine) => {
  let server: TestServer;
  const adminEmail = uniqueEmail('moderator');
  let moderator: TestBrowser;
  beforeAll(async () => {
    server = await startTestServer(engine, { adminEmails: [adminEmail] });
    moderator = new TestBrowser(server.url);
    await moderator.post('/v1/auth/signup', { email: adminEmail, password: goodPassword(), name: 'Mod' });
    await grantOperatorRole(server, adminEmail);
  });
  afterAll(async () => server?.dispose());

  /** A folder of `owner` holding one uploaded file of its own content; answers the folder's id. */
  async function folderWithFile(owner: TestBrowser, title: string): Promise<string> {
    const folder = (await owner.post('/drive/v1/files', { kind: 'drive#folder', name: title })).body.file;
    const bytes = Buffer.from(`content of ${title} ${Math.random()}`);
    const created = await createUpload(owner, 'inside.bin', bytes, { parent_id: folder.id });
    await tusUpload(owner, bytes, { uploadUrl: created.body.resumable.params.url });
    return folder.id;
  }

  /** A share of a folder holding one uploaded file, by a new owner. */
  async function sharedFolder(title: string) {
    const owner = new TestBrowser(server.url);
    await owner.post('/v1/auth/signup', { email: uniqueEmail('owner'), password: goodPassword(), name: 'Owner' });
    const folderId = await folderWithFile(owner, title);
    const share = (await owner.post('/drive/v1/share', { file_ids: [folderId], title })).body;
    return { owner, folderId, shareId: share.share_id as string };
  }

  /** Reports a share and has the moderator act on the report; answers the report's id. */
  async function reportAndResolve(shareId: string, action: 'take_down' | 'dismiss') {
    await new TestBrowser(server.url).post(REPORT_PATHS.report, { share_id: shareId, reason: 'copyright' });
    const report = (await openReports()).find((entry) => entry.share_id === shareId)!;
    await moderator.post(ADMIN_PATHS.resolveReport, { report_id: report.id, action });
    return report.id;
  }

  const openReports = async () =>
    (await moderator.get(ADMIN_PATHS.reports)).body.reports as Array<{
      id: string;
      share_id: string;
      status: string;
      reason: string;
      note: string;
      share_title: string;
      reporter_email: string;
    }>;

  it('takes a report from any visitor, once a day per share, and says which share does not exist', async () => {
    const { shareId } = await sharedFolder('Reported once');
    const visitor = new TestBrowser(server.url);
    expect((await visitor.post(REPORT_PATHS.report, { share_id: shareId, reason: 'copyright', note: '  my film  ' })).status).toBe(200);
    expect((await visitor.post(REPORT_PATHS.report, { share_id: shareId, reason: 'spam' })).status).toBe(200);
    expect((await openReports()).filter((report) => report.share_id === shareId)).toMatchObject([
      { reason: 'copyright', note: 'my film', status: 'OPEN', share_title: 'Reported once', reporter_email: '' },
    ]);
    // A signed-in visitor's report names them for the moderator (another share: one address reports a share once a day).
    const other = await sharedFolder('Reported by someone signed in');
    const signedIn = new TestBrowser(server.url);
    const email = uniqueEmail('reporter');
    await signedIn.post('/v1/auth/signup', { email, password: goodPassword(), name: 'Reporter' });
    await signedIn.post(REPORT_PATHS.report, { share_id: other.shareId, reason: 'abuse' });
    expect((await openReports()).filter((report) => report.share_id === other.shareId).map((report) => report.reporter_email)).toEqual([email]);
    expect((await visitor.post(REPORT_PATHS.report, { share_id: 'no-such-share', reason: 'spam' })).body.error).toBe('not_found');
    expect((await visitor.post(REPORT_PATHS.report, { share_id: shareId, reason: 'because' })).body.error).toBe('invalid_request');
    expect((await visitor.post(REPORT_PATHS.report, { share_id: shareId, reason: 'other', note: 'x'.repeat(1001) })).body.error).toBe('invalid_request');
  });

  it('lets a moderator take a reported share’s content down, or dismiss a report, each once and in the audit log', async () => {
    const taken = await sharedFolder('To take down');
    const kept = await sharedFolder('To keep');
    const visitor = new TestBrowser(server.url);
    await visitor.post(REPORT_PATHS.report, { share_id: taken.shareId, reason: 'illegal' });
    await visitor.post(REPORT_PATHS.report, { share_id: kept.shareId, reason: 'abuse' });
    const queue = await openReports();
    const takenReport = queue.find((report) => report.share_id === taken.shareId)!;
    const keptReport = queue.find((report) => report.share_id === kept.shareId)!;
    expect((await new TestBrowser(server.url).post(ADMIN_PATHS.resolveReport, { report_id: takenReport.id, action: 'take_down' })).status).toBe(401);

    const takedown = await moderator.post(ADMIN_PATHS.resolveReport, { report_id: takenReport.id, action: 'take_down' });
    expect(takedown.body).toEqual({ contents: 1, shares: 1 });
    expect((await visitor.get(`/drive/v1/share?share_id=${taken.shareId}`)).body.share_status).toBe('PROHIBITED');
    // The transparency report counts it under the report's reason.
    const counted = await transparencyReportFromRecords(server.database.db, new Date());
    expect(counted.periods[0]?.takedowns.illegal).toBeGreaterThanOrEqual(1);
    expect((await moderator.post(ADMIN_PATHS.resolveReport, { report_id: takenReport.id, action: 'dismiss' })).body.error).toBe('invalid_request');

    expect((await moderator.post(ADMIN_PATHS.resolveReport, { report_id: keptReport.id, action: 'dismiss' })).body).toEqual({ contents: 0, shares: 0 });
    expect((await visitor.get(`/drive/v1/share?share_id=${kept.shareId}`)).body.share_status).toBe('OK');
    const open = await openReports();
    expect(open.map((report) => report.id)).not.toContain(takenReport.id);
    const handled = (await moderator.get(`${ADMIN_PATHS.reports}?state=handled`)).body.reports as Array<{ id: string; status: string }>;
    expect(handled.filter((report) => [takenReport.id, keptReport.id].includes(report.id)).map((report) => report.status)).toEqual(['DISMISSED', 'TAKEN_DOWN']);
    const audit = (await moderator.get(`${ADMIN_PATHS.audit}?limit=2`)).body.entries.map((entry: { action: string; target_id: string }) => [
      entry.action,
      entry.target_id,
    ]);
    expect(audit).toEqual([
      ['report.dismiss', keptReport.id],
      ['report.take_down', takenReport.id],
    ]);
  });

  it('gives back what a report’s takedown took: the shares it closed open again, unless they still hold other content taken down, and only once', async () => {
    const wrongly = await sharedFolder('Wrongly reported');
    const visitor = new TestBrowser(server.url);
    // Both folders shared together, and the second one on its own, then reported for good reason.
    const bad = await folderWithFile(wrongly.owner, 'Truly bad');
    const both = (await wrongly.owner.post('/drive/v1/share', { file_ids: [wrongly.folderId, bad], title: 'Both' })).body.share_id as string;
    const badShare = (await wrongly.owner.post('/drive/v1/share', { file_ids: [bad], title: 'Bad' })).body.share_id as string;

    await visitor.post(REPORT_PATHS.report, { share_id: wrongly.shareId, reason: 'copyright' });
    const reportId = (await openReports()).find((entry) => entry.share_id === wrongly.shareId)!.id;
    expect((await moderator.post(ADMIN_PATHS.resolveReport, { report_id: reportId, action: 'restore' })).body.details).toEqual([
      { field: 'report_id', reason: 'not_taken_down' },
    ]);
    expect((await moderator.post(ADMIN_PATHS.resolveReport, { report_id: reportId, action: 'take_down' })).body).toEqual({ contents: 1, shares: 2 });
    await reportAndResolve(badShare, 'take_down');
    for (const id of [wrongly.shareId, both, badShare]) expect((await visitor.get(`/drive/v1/share?share_id=${id}`)).body.share_status).toBe('PROHIBITED');

    expect((await moderator.post(ADMIN_PATHS.resolveReport, { report_id: reportId, action: 'restore' })).body).toEqual({ contents: 1, shares: 1 });
    expect((await visitor.get(`/drive/v1/share?share_id=${wrongly.shareId}`)).body.share_status).toBe('OK');
    // Still holding the other content taken down: closed.
    expect((await visitor.get(`/drive/v1/share?share_id=${both}`)).body.share_status).toBe('PROHIBITED');
    expect((await visitor.get(`/drive/v1/share?share_id=${badShare}`)).body.share_status).toBe('PROHIBITED');
    // The content may be shared again.
    expect((await wrongly.owner.post('/drive/v1/share', { file_ids: [wrongly.folderId], title: 'Fine' })).status).toBe(200);

    expect((await moderator.post(ADMIN_PATHS.resolveReport, { report_id: reportId, action: 'restore' })).body.error).toBe('invalid_request');
    const handled = (await moderator.get(`${ADMIN_PATHS.reports}?state=handled`)).body.reports as Array<{ id: string; status: string }>;
    expect(handled.find((entry) => entry.id === reportId)?.status).toBe('RESTORED');
    expect((await moderator.get(`${ADMIN_PATHS.audit}?limit=1`)).body.entries[0]).toMatchObject({ action: 'report.restore', target_id: reportId });
  });
});

describe('reports from one address', () => {
  it('are limited to ten an hour', async () => {
    const server = await startTestServer('sqlite');
    try {
      const owner = new TestBrowser(server.url);
      await owner.post('/v1/auth/signup', { email: uniqueEmail('owner'), password: goodPassword(), name: 'Owner' });
      const folder = (await owner.post('/drive/v1/files', { kind: 'drive#folder', name: 'Many' })).body.file;
      const shareIds: string[] = [];
      for (let i = 0; i < 11; i++) shareIds.push((await owner.post('/drive/v1/share', { file_ids: [folder.id], title: `Many ${i}` })).body.share_id);
      const visitor = new TestBrowser(server.url);
      for (const shareId of shareIds.slice(0, 10)) expect((await visitor.post(REPORT_PATHS.report, { share_id: shareId, reason: 'spam' })).status).toBe(200);
      expect((await visitor.post(REPORT_PATHS.report, { share_id: shareIds[10], reason: 'spam' })).body.error).toBe('too_many_requests');
    } finally {
      await server.dispose();
    }
  });
});
