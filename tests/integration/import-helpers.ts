// Shared steps of the import tests: start an import with multipart archives and wait for its job to end.
import type { ImportJob } from '@shared/schemas/transfers';
import { multipart, type TestApp } from '@tests/helpers/server';

export async function postArchives(t: TestApp, cookie: string, archives: Buffer[]) {
  const form = multipart(
    archives.map((content, i) => ({ name: 'archive', filename: `archive-${i}.zip`, content, contentType: 'application/zip' })),
  );
  return t.app.inject({ method: 'POST', url: '/api/imports', headers: { cookie, ...form.headers }, payload: form.payload });
}

/** Polls the import until its job has ended (the queue runs it in this process). */
export async function waitForImport(t: TestApp, cookie: string, id: number): Promise<ImportJob> {
  for (let i = 0; i < 1200; i++) {
    const res = await t.app.inject({ method: 'GET', url: `/api/imports/${id}`, headers: { cookie } });
    const job = res.json() as ImportJob;
    if (job.status === 'done' || job.status === 'failed') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`import ${id} did not end`);
}

export async function importArchives(t: TestApp, cookie: string, archives: Buffer[]): Promise<ImportJob> {
  const res = await postArchives(t, cookie, archives);
  if (res.statusCode !== 202) throw new Error(`POST /api/imports answered ${res.statusCode}: ${res.body}`);
  return waitForImport(t, cookie, (res.json() as { id: number }).id);
}
