/** Section 4.4: recording index and show (create, tags and downloads come with issue 4). */
import type { ServiceContext } from '../context.ts';
import type { Router } from '../http/router.ts';
import { searchRecordings, showRecording } from '../search/recordings.ts';
import { registerSearch, registerShow } from './search-routes.ts';

export function registerRecordingRoutes(router: Router, s: ServiceContext): void {
  registerSearch(router, s, '/v1/recordings', searchRecordings);
  registerShow(router, s, '/v1/recordings', 'recording', showRecording);
}
