// The Skyscrapers view's mount function, by its tab in tabs.ts (read by www/generated/views.ts).

import { mountSkyscrapers } from './index';

export const MOUNT = { skyscrapers: mountSkyscrapers };
