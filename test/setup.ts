// Per-file test setup. Integration tests read DATABASE_URL, which global-setup.ts provides.
export {};
