/** The files area's public face (DESIGN §3.1): the generated-file jobs other areas build (jobs.ts). */
export {
  JobRefused,
  jobView,
  openJobFile,
  runGeneratedFileJobs,
  unfinished,
  type GeneratedFileKind,
  type JobProgress,
} from './jobs';
