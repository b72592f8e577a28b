// Placeholder until the embedded PostgreSQL test database is wired in.
export default async function setup(): Promise<void> {}
