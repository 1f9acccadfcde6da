import { Controller, UploadedFiles, UseInterceptors } from '@nestjs/common';
import { FileFieldsInterceptor } from '@nestjs/platform-express';
import { DomainError } from '@groundtruth/domain';
import { routes, type BackupResult } from '@groundtruth/contracts';
import { AuthorizeFirst } from '../../accounts/index.js';
import { ApiRoute } from '../../common/http/api-route.decorator.js';
import { MAX_INGESTION_BYTES } from '../fk-headers.js';
import { readBackup } from './read-backup.js';

type BackupFiles = { meta?: { buffer: Buffer }[]; data?: { buffer: Buffer }[] };

/** Site admins read a station's SD-card backup (spec §2 /admin: backup upload). */
@Controller()
export class AdminBackupController {
  @ApiRoute(routes.adminBackup)
  // Before the files are read: a non-admin must not make the server take in 100 MB first.
  @AuthorizeFirst('admin.backup')
  @UseInterceptors(
    FileFieldsInterceptor(
      [
        { name: 'meta', maxCount: 1 },
        { name: 'data', maxCount: 1 },
      ],
      { limits: { fileSize: MAX_INGESTION_BYTES, files: 2 } },
    ),
  )
  backup(@UploadedFiles() files: BackupFiles | undefined): BackupResult {
    const meta = files?.meta?.[0]?.buffer ?? null;
    const data = files?.data?.[0]?.buffer ?? null;
    if (meta === null && data === null) {
      throw DomainError.validation(
        'BACKUP.NO_FILES',
        { meta: 'Send a meta file, a data file or both.' },
        'No backup file was sent.',
      );
    }
    return readBackup(meta, data);
  }
}
