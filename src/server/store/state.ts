// The seed-file format lives in src/seed (read by the loader, written by `fp portal snapshot`).
export * from '../../seed/seed-file.js';
