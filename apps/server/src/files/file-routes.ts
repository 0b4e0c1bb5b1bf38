import type { CallRegistrar } from '../http/registrar.ts';
import { commonFile, fileFor, fileLinkFor, fileScope, listFiles, sendContent, storeUpload } from './file-service.ts';
import { verifyFileLink } from './signed-links.ts';

export function registerFileRoutes(r: CallRegistrar): void {
  r.serve('files.upload', async ({ caller, db, query, body, services, now }) => storeUpload(db, services.files, caller, query, body.file, now));
  r.serve('files.list', async ({ tenant, db, query }) => listFiles(db, tenant, query));
  r.serve('files.download', async ({ tenant, db, params, reply, services }) =>
    sendContent(reply, db, services.files, await fileFor(db, params.filename, fileScope(tenant))),
  );
  r.serve('files.url', async ({ caller, tenant, db, params, query, services, now }) =>
    fileLinkFor(db, caller, tenant, params.filename, query.ttl, services.config.jwtSecret, now, services.config.publicUrl),
  );
  r.serve('files.publicDownload', async ({ db, params, query, services, reply, now }) => {
    verifyFileLink(services.config.jwtSecret, { filename: params.filename, ...query }, now);
    return sendContent(reply, db, services.files, await fileFor(db, params.filename, undefined));
  });
  r.serve('files.commonDownload', async ({ db, params, query, reply, services }) =>
    sendContent(reply, db, services.files, await commonFile(db, params.fileName, query.type)),
  );
}
