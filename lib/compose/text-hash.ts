// The duplicate-send guard's fingerprint of a rendered text: a 53-bit hash (cyrb53: two 32-bit multiply-xor lanes
// mixed at the end) that fits a JavaScript number exactly and a PostgreSQL bigint. Fast enough to hash every text of
// a 1,000,000-row list inside the guard's 2 s (a cryptographic hash per text costs several times more), and the
// guard keys on (hash, phone), so a collision would need two different texts to one number within the window.
export function textHash(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
  h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
  h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}
