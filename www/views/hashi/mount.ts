// The Hashiwokakero view's mount function, by its tab in tabs.ts (read by www/generated/views.ts).

import { mountHashi } from './index';

export const MOUNT = { hashi: mountHashi };
