export { type BackupResult, createBackup } from './backup';
export { NIGHTLY_BACKUP_JOB, nightlyBackupJob, scheduleNightlyBackup } from './nightly';
export { RestoreRefused, restoreBackup } from './restore';
export { claimFolder, folderHolder } from './serving';
