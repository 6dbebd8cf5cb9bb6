export { extractNxmlFiles, judgeEntry, type EntryVerdict } from './archive.js';
export { downloadError, isDownloadError, type DownloadError, type DownloadErrorCode } from './download-error.js';
export {
  NCBI_LITARCH_BASE_URL,
  downloadGuidelines,
  type DownloadGuidelinesOptions,
  type DownloadProgress,
  type DownloadSummary,
  type PackageProblem,
} from './download-guidelines.js';
export {
  isSafeRelativePath,
  parseFileList,
  selectRows,
  type BadFileListRow,
  type FileListRow,
  type ParseFileListOptions,
  type SelectRowsOptions,
} from './file-list.js';
export { decodeHtmlEntities } from './html-entities.js';
export { guidelinesDir, manifestPath, readManifest, writeManifest, type Manifest, type ManifestPackage } from './manifest.js';
export { packBookFolder } from './pack-book.js';
export { TokenBucket, type TokenBucketOptions } from './rate-limiter.js';
export { FILE_LIST_HEADER, buildSampleMirror, formatFileList, type SampleMirrorReport } from './sample-mirror.js';
