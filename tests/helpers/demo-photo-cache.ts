import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Where the test runs' demo seeds keep the photos they render and encode (`seedDemoData`'s cache): the same each
 * time, so only the first seed on a machine pays the ~15 CPU-seconds. Keyed by content: a changed photo is made anew.
 */
export const demoPhotoCache = path.join(tmpdir(), 'mercado-gamer-demo-photos');
