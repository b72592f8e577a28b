// Which of Tuma's programs a process runs, from its command line (/proc/<pid>/cmdline, NUL-separated): `npm start`
// and its children start as `node programs/launch.mjs <program>`; tests and benchmarks may run `programs/<program>.ts`
// through tsx.
export function programOf(cmdline: string): string | undefined {
  const args = cmdline.split("\0");
  const launched = args.findIndex((arg) => arg.endsWith("programs/launch.mjs"));
  if (launched >= 0) return args[launched + 1];
  return /programs\/([\w-]+)\.ts/.exec(args.join(" "))?.[1];
}
