// The package in a module worker: the same tour as the page's, its answer posted back as data.
import * as api from '/pkg/index.js';
import { exercise } from './exercise.mjs';

self.onmessage = (e) => {
  try {
    self.postMessage({ out: exercise(api, e.data) });
  } catch (err) {
    self.postMessage({ error: String(err?.stack ?? err) });
  }
};
self.postMessage({ ready: true });
